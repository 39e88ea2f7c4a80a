import { z } from 'zod'

import { HttpError } from './errors'

/** The `If-Unmodified-Since` request header, as the API reference documents it. */
export const unmodifiedSinceHeaders = z.object({
  'if-unmodified-since': z
    .string()
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
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text) || !time) {
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
