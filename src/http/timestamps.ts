import { z } from 'zod'

/** RFC 3339: date, time, optional fraction, and `Z` or an offset of at most ±15:59. */
const rfc3339 =
  /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/i

/**
 * An instant sent as an ISO 8601 / RFC 3339 timestamp with its time zone, in the years 1000 to
 * 9999 (what every layer below, JavaScript's `Date` and PostgreSQL's `timestamptz` alike, reads
 * the same way).
 */
export const isoTimestamp = z
  .string()
  .regex(rfc3339, 'must be an ISO 8601 timestamp with a time zone, e.g. 2026-05-01T09:00:00Z')
  .refine((text) => {
    const year = Number(text.slice(0, 4))
    return year >= 1000 && Number.isFinite(Date.parse(text))
  }, 'must be a real instant in the years 1000 to 9999')
  .meta({
    override: {
      type: 'string',
      format: 'date-time',
      pattern: rfc3339.source,
    },
  })
