import { z } from 'zod'

/**
 * RFC 3339 in the years 1000 to 9999: date, time, optional fraction, and `Z` or an offset of at
 * most ±15:59.
 */
const rfc3339 =
  /^[1-9]\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/

/** Whether the date part names a day that exists (no February 30th: `Date` rolls it over). */
const isCalendarDay = (text: string) => {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day
}

/**
 * An instant sent as an ISO 8601 / RFC 3339 timestamp with its time zone, in the years 1000 to
 * 9999 (what every layer below, JavaScript's `Date` and PostgreSQL's `timestamptz` alike, reads
 * the same way).
 */
export const isoTimestamp = z
  .string()
  .regex(rfc3339, 'must be an ISO 8601 timestamp with a time zone, e.g. 2026-05-01T09:00:00Z')
  .refine(
    (text) => isCalendarDay(text) && Number.isFinite(Date.parse(text)),
    'must be a real instant in the years 1000 to 9999',
  )
  .meta({
    override: {
      type: 'string',
      format: 'date-time',
      pattern: rfc3339.source,
    },
  })
