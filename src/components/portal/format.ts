/** How the portal writes times, durations and rates (in the reader's time zone). */

import { formatDateTime as formatInOneFormat } from '@/text/dateTimeFormat'

/**
 * A date and time with its zone, as the admin panel writes it too: "15 Jan 2026, 09:30
 * UTC+00:00" (`src/text/dateTimeFormat.ts`).
 */
export const formatDateTime = (at: string | Date) => formatInOneFormat(at)

const pad = (value: number) => String(value).padStart(2, '0')

/** The hour of a day on the 24-hour clock of `formatDateTime`, in the reader's zone: "09:00". */
export const formatHour = (iso: string) => `${pad(new Date(iso).getHours())}:00`

/** The hour of a day, for an axis: the same "09:00". */
export const formatHourShort = formatHour

/** A duration in milliseconds; a dash when there is none. */
export function formatMs(ms: number | null | undefined) {
  if (ms === null || ms === undefined) return '—'
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`
}

/** A rate from 0 to 1 as a percentage; a dash when there is none. */
export function formatRate(rate: number | null | undefined) {
  if (rate === null || rate === undefined) return '—'
  const percent = rate * 100
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)} %`
}

/** Any JSON value, indented for reading. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2)

/** A body as text: pretty JSON when it parses as JSON, else as it is. */
export function readableBody(body: string) {
  try {
    return prettyJson(JSON.parse(body))
  } catch {
    return body
  }
}
