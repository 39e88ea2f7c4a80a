/**
 * The one way dates and times are written for people, in the admin panel and in the portal:
 * "27 Nov 2026, 14:05:09 UTC+01:00", day, short month, year, the time on a 24-hour clock to the
 * second (four attempts in one minute read as four times, and "backing off until" a time that
 * says which second), and the reader's offset from UTC, so that a time read on either means one
 * instant.
 *
 * `dateTimePattern` is what the admin panel writes with (Payload's `admin.dateFormat`, date-fns
 * tokens); `formatDateTime` writes the same without date-fns, for the portal and the admin's
 * read-only dates (`ReadOnlyDateField`); `dateTimeFormat.spec.ts` holds the two together.
 */
export const dateTimePattern = "d MMM yyyy, HH:mm:ss 'UTC'xxx"

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (value: number) => String(value).padStart(2, '0')

/** `date` (a `Date` or ISO 8601 text) as `dateTimePattern` writes it, in the reader's zone. */
export function formatDateTime(date: Date | string) {
  const at = typeof date === 'string' ? new Date(date) : date
  const offset = -at.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  return (
    `${at.getDate()} ${months[at.getMonth()]} ${at.getFullYear()}, ` +
    `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())} ${zone}`
  )
}
