/**
 * A date and time typed in parts (day, month, year, time), in the order the reader's locale
 * writes a date: the portal's date filters, which a browser's own date input shows as
 * mm/dd/yyyy whatever the reader's language.
 */

/** What the reader typed or chose; '' where nothing. */
export type DateParts = { day: string; month: string; year: string; time: string }

export const noDate: DateParts = { day: '', month: '', year: '', time: '' }

const pad = (value: number) => String(value).padStart(2, '0')

/** `date`'s parts in the reader's time zone (to the minute). */
export function datePartsOf(date: Date): DateParts {
  return {
    day: String(date.getDate()),
    month: String(date.getMonth() + 1),
    year: String(date.getFullYear()),
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  }
}

/** The parts of a date, in the order `locale` writes them ("28.11.2026": day, month, year). */
export function dateOrder(locale: string): ('day' | 'month' | 'year')[] {
  const order: ('day' | 'month' | 'year')[] = []
  try {
    for (const part of new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
    }).formatToParts(new Date(2026, 10, 28))) {
      if (part.type === 'day' || part.type === 'month' || part.type === 'year') {
        order.push(part.type)
      }
    }
  } catch {
    // An unknown locale: the order of most of the world below.
  }
  return order.length === 3 ? order : ['day', 'month', 'year']
}

/** The names of the twelve months in `locale` ("January", "январь"), January first. */
export function monthNames(locale: string): string[] {
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat(locale, { month: 'long' })
  } catch {
    format = new Intl.DateTimeFormat('en', { month: 'long' })
  }
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(2026, month, 1)))
}

export const isEmptyDate = (parts: DateParts) =>
  !parts.day.trim() && !parts.month && !parts.year.trim() && !parts.time.trim()

/**
 * The instant `parts` name, read in the reader's time zone, as ISO 8601 (UTC); '' when nothing
 * was typed; `{ error }` when a part is missing or is no date (31 February, 25:00).
 */
export function datePartsToIso(parts: DateParts): string | { error: string } {
  if (isEmptyDate(parts)) return ''
  const day = Number(parts.day.trim())
  const month = Number(parts.month)
  const year = Number(parts.year.trim())
  if (!parts.day.trim() || !parts.month || !parts.year.trim()) {
    return { error: 'Enter the day, the month and the year (the time may stay empty: 00:00).' }
  }
  const time = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(parts.time.trim() || '0')
  const hours = time ? Number(time[1]) : NaN
  const minutes = time?.[2] ? Number(time[2]) : 0
  if (!time || hours > 23 || minutes > 59) {
    return { error: 'Enter the time on the 24-hour clock, as 09:30 or 17:05.' }
  }
  const at = new Date(year, month - 1, day, hours, minutes)
  if (
    !Number.isInteger(day) ||
    !Number.isInteger(year) ||
    year < 1000 ||
    at.getFullYear() !== year ||
    at.getMonth() !== month - 1 ||
    at.getDate() !== day
  ) {
    return { error: 'This date does not exist: check the day and the year.' }
  }
  return at.toISOString()
}
