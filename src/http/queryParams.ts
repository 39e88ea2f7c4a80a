import { z } from 'zod'

/** PostgreSQL's `integer`, the bound of every whole number a query may send unless told. */
const maxInteger = 2_147_483_647

/**
 * A query-string integer within bounds (at most PostgreSQL's `integer` unless told): digits
 * only, so `1.5`, `1e2` or ` 3` are refused.
 */
export const queryInteger = ({ min, max = maxInteger }: { min: number; max?: number }) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    // In the API reference: an integer within the bounds (query values are text on the wire).
    .meta({ override: { type: 'integer', pattern: undefined, minimum: min, maximum: max } })

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30), as midnight UTC. */
export const queryDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in the form YYYY-MM-DD')
  .transform((text, context) => {
    const date = new Date(`${text}T00:00:00.000Z`)
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
      context.addIssue({ code: 'custom', message: 'is not a calendar date' })
      return z.NEVER
    }
    return date
  })
  .meta({ override: { format: 'date' } })

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A comma-separated list of names from an allow-list (`include=author,tags`); an unknown name
 * is refused by name, duplicates and empty entries are dropped. The reference shows the plain
 * form as a pattern (names and commas only); spaces around names are tolerated too.
 */
export const queryNameList = <Name extends string>(allowed: readonly Name[]) =>
  z
    .string()
    .meta({
      description: `Comma-separated, any of: ${allowed.join(', ')}`,
      pattern: (() => {
        const name = `(?:${allowed.map(escapeRegExp).join('|')})`
        return `^(?:${name}(?:,${name})*)?$`
      })(),
    })
    .transform((text, context) => {
      const names = [
        ...new Set(
          text
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ]
      const unknown = names.filter((name) => !allowed.includes(name as Name))
      if (unknown.length) {
        context.addIssue({
          code: 'custom',
          message: `unknown name${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `"${name}"`).join(', ')}; allowed: ${allowed.join(', ')}`,
        })
        return z.NEVER
      }
      return names as Name[]
    })

/** The query string as a plain object, for a zod schema (a repeated key keeps its last value). */
export function queryObject(searchParams: URLSearchParams): Record<string, string> {
  return Object.fromEntries(searchParams.entries())
}
