import { z } from 'zod'

import type { ErrorFamily } from '@/http/envelopes'
import { errorCodes, type ErrorCode } from '@/http/errors'

/** One field-level problem of a `validation_failed` answer. */
const fieldError = z
  .object({
    field: z.string().describe('Dotted path of the offending field, e.g. `items.0.quantity`'),
    message: z.string(),
  })
  .meta({ id: 'FieldError' })

/** `{ error: "<message>" }`: guest checkout, search, contact, admin action. */
const customError = z
  .object({ error: z.string().describe('What went wrong, for humans') })
  .meta({ id: 'CustomError', description: 'Error envelope of the custom endpoints' })

/** `{ errors: [{ message }] }`: authenticated checkout, sales report (Payload's own shape). */
const errorsEnvelope = z
  .object({ errors: z.array(z.object({ message: z.string() })).min(1) })
  .meta({ id: 'ErrorList', description: 'Error envelope of the authenticated-style endpoints' })

const resourceErrors = new Map<string, z.ZodType>()

/**
 * `{ error: { code, message, details? } }` with `code` narrowed to the codes one status
 * carries, as a named component shared by every operation answering that status.
 */
function resourceError(codes: ErrorCode[]): z.ZodType {
  const key = codes.join('.')
  const known = resourceErrors.get(key)
  if (known) return known
  const schema = z
    .object({
      error: z.object({
        code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
        message: z.string().describe('For humans; may change. Switch on `code`.'),
        details: z
          .array(fieldError)
          .optional()
          .describe('The fields at fault (with `validation_failed`, and a duplicate value)'),
      }),
    })
    .meta({ id: `Error.${codes.map(pascalCase).join('Or')}` })
  resourceErrors.set(key, schema)
  return schema
}

const pascalCase = (code: string) =>
  code.replace(/(^|_)([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase())

/** The body of an error answer with these codes (all of one status) in a family's envelope. */
export function errorEnvelope(family: ErrorFamily, codes: ErrorCode[]): z.ZodType {
  switch (family) {
    case 'resource':
      return resourceError(codes)
    case 'custom':
      return customError
    case 'errors':
      return errorsEnvelope
  }
}

/** The codes grouped by the status they travel with, in status order. */
export function codesByStatus(codes: Iterable<ErrorCode>): Map<number, ErrorCode[]> {
  const groups = new Map<number, ErrorCode[]>()
  const unique = [...new Set(codes)].sort(
    (a, b) => errorCodes[a] - errorCodes[b] || a.localeCompare(b),
  )
  for (const code of unique) {
    const status = errorCodes[code]
    groups.set(status, [...(groups.get(status) ?? []), code])
  }
  return groups
}
