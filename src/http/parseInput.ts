import type { z } from 'zod'

import { HttpError } from './errors'
import { inputIssueMessage } from './inputIssueMessage'

/**
 * Validates input against the endpoint's zod schema (the single source of truth for its shape)
 * and returns the parsed value, or throws a 400 naming every offending field and saying, in the
 * caller's words, what it must be (`inputIssueMessage`, unless the schema says it itself).
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input, { error: inputIssueMessage })
  if (result.success) return result.data
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }))
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')
  throw new HttpError({ code: 'validation_failed', message: `Invalid input: ${summary}`, details })
}
