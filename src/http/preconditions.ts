import { z } from 'zod'

import { HttpError } from './errors'

/** An HTTP date (RFC 9110, IMF-fixdate): `Thu, 26 Nov 2026 06:20:00 GMT`. */
const httpDatePattern =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (0[1-9]|[12]\d|3[01]) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d GMT$/

/** The `If-Unmodified-Since` request header, as the API reference documents it. */
export const unmodifiedSinceHeaders = z.object({
  'if-unmodified-since': z
    .string()
    .regex(httpDatePattern)
    .optional()
    .describe(
      'An HTTP date: the `updated_at` of the version you changed. When the resource changed ' +
        'after it (another person saved, the service disabled it), the answer is 412 and ' +
        'nothing changes. To the second, as HTTP dates are.',
    ),
})

/** The time a request's `If-Unmodified-Since` names; a value that is no HTTP date is a 400. */
export function unmodifiedSinceOf(headers: Headers): Date | undefined {
  const text = headers.get('if-unmodified-since')?.trim()
  if (!text) return undefined
  const time = Date.parse(text)
  if (!httpDatePattern.test(text) || Number.isNaN(time)) {
    throw new HttpError({
      code: 'bad_request',
      message: `If-Unmodified-Since must be an HTTP date (e.g. "${new Date(0).toUTCString()}"); got "${text.slice(0, 60)}"`,
    })
  }
  return new Date(time)
}

/**
 * Refuses a change (412) to a resource modified after `since`, at the one-second precision of
 * HTTP dates: a resource modified within the second `since` names counts as unmodified.
 */
export function assertUnmodifiedSince(args: {
  modifiedAt: Date
  since: Date | undefined
  what: string
}) {
  if (!args.since) return
  if (Math.floor(args.modifiedAt.getTime() / 1000) <= Math.floor(args.since.getTime() / 1000)) {
    return
  }
  throw new HttpError({
    code: 'precondition_failed',
    message:
      `${args.what} changed at ${args.modifiedAt.toISOString()}, after the version you ` +
      'changed: read it again, then make your change',
  })
}
