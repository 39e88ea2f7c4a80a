import type { z } from 'zod'

/** One problem zod found in a request, before it has a message. */
type RawIssue = z.core.$ZodRawIssue

/** What a value of each zod type is, for people: "must be <this>". */
const typeInWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list (a JSON array)',
  object: 'an object (a JSON object)',
  record: 'an object (a JSON object)',
  map: 'an object (a JSON object)',
  date: 'a date',
  null: 'null',
  literal: 'one particular value',
}

/** What a value of each string format looks like, with an example. */
const formatInWords: Record<string, string> = {
  uuid: 'an id such as 3f2c6d1e-8b7a-4c2d-9e1f-0a1b2c3d4e5f',
  guid: 'an id such as 3f2c6d1e-8b7a-4c2d-9e1f-0a1b2c3d4e5f',
  datetime: 'a date and time such as 2026-01-31T12:00:00Z',
  date: 'a date such as 2026-01-31',
  time: 'a time such as 12:00:00',
  email: 'an email address such as name@example.com',
  url: 'a full address such as https://example.com/',
}

const plural = (count: number | bigint, one: string, many = `${one}s`) =>
  `${count} ${Number(count) === 1 ? one : many}`

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value))

/**
 * The message of a problem with a request's input, in the words of the person who sent it:
 * what the field must be or what to do, never zod's own phrasing ("Too small: expected array to
 * have >=1 items"). It follows the field's name (`events: choose at least one ...`), so it starts
 * in lower case. A message a schema gives itself (`.min(1, '...')`, a refinement's) wins over
 * this one; `undefined` leaves zod's (for a problem this does not know).
 */
export function inputIssueMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required'
      const expected = typeInWords[issue.expected] ?? `a value of type ${issue.expected}`
      return `must be ${expected}`
    }
    case 'too_small': {
      const { minimum, inclusive } = issue
      const least = inclusive === false ? Number(minimum) + 1 : Number(minimum)
      switch (issue.origin) {
        case 'array':
        case 'set':
          return least === 1 ? 'must list at least one item' : `must list at least ${least} items`
        case 'string':
          return least === 1
            ? 'must not be empty'
            : `must be at least ${plural(least, 'character')}`
        case 'date':
          return `must be on or after ${new Date(Number(minimum)).toISOString()}`
        default:
          return inclusive === false ? `must be more than ${minimum}` : `must be ${minimum} or more`
      }
    }
    case 'too_big': {
      const { maximum, inclusive } = issue
      const most = inclusive === false ? Number(maximum) - 1 : Number(maximum)
      switch (issue.origin) {
        case 'array':
        case 'set':
          return `may list at most ${plural(most, 'item')}`
        case 'string':
          return `must be at most ${plural(most, 'character')}`
        case 'date':
          return `must be on or before ${new Date(Number(maximum)).toISOString()}`
        default:
          return inclusive === false ? `must be less than ${maximum}` : `must be ${maximum} or less`
      }
    }
    case 'invalid_format': {
      const described = formatInWords[issue.format]
      if (described) return `must be ${described}`
      if (issue.format === 'starts_with' && 'prefix' in issue) {
        return `must start with ${quoted(issue.prefix)}`
      }
      if (issue.format === 'ends_with' && 'suffix' in issue) {
        return `must end with ${quoted(issue.suffix)}`
      }
      if (issue.format === 'includes' && 'includes' in issue) {
        return `must contain ${quoted(issue.includes)}`
      }
      return 'is not written the way this field needs (see the API reference)'
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'invalid_value': {
      const values = issue.values.map(quoted)
      if (values.length === 1) return `must be ${values[0]}`
      return `must be one of ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
    }
    case 'unrecognized_keys': {
      const keys = issue.keys.map((key) => `"${key}"`)
      return keys.length === 1
        ? `has a field this request does not take, ${keys[0]}: remove it`
        : `has fields this request does not take, ${keys.join(' and ')}: remove them`
    }
    case 'invalid_key':
      return 'has a key that is not allowed here'
    case 'invalid_element':
      return 'holds an entry that is not allowed here'
    case 'invalid_union':
      return 'is not one of the kinds of value this field takes (see the API reference)'
    default:
      return undefined
  }
}
