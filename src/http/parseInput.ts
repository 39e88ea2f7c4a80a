import type { z } from 'zod'

import { HttpError } from './errors'

/**
 * Validates input against the endpoint's zod schema (the single source of truth for its shape)
 * and returns the parsed value, or throws a 400 naming every offending field.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')
  throw new HttpError({ code: 'validation_failed', message: `Invalid input: ${summary}`, details })
}
