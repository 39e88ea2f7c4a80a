import { spread, withJitter } from '@/retry/exponentialBackoff'

/**
 * Delay before each attempt, the first included: at once, then 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 14 h, 20 h, 24 h (ten attempts over about three days).
 */
export const defaultRetrySchedule = '0,5s,5m,30m,2h,5h,10h,14h,20h,24h'

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** Reads a schedule such as `0,5s,5m,2h` (units ms, s, m, h, d; bare numbers are ms). */
export function parseRetrySchedule(text: string): number[] {
  const delays = text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(part)
    if (!match) throw new Error(`Invalid retry schedule entry "${part}" in "${text}"`)
    return Math.round(Number(match[1]) * units[match[2] ?? 'ms']!)
  })
  if (delays.length === 0) throw new Error('A retry schedule needs at least one attempt')
  return delays
}

/** Fraction by which a retry delay is randomly lengthened or shortened, to spread retries. */
export const retryJitter = 0.1

/**
 * When the next attempt after failed attempt number `attempt` (1-based) is due, in ms from
 * now, or `null` when it was the last one (the delivery is dead). A `Retry-After` the receiver
 * sent (429/503) is honoured: the retry never comes earlier than it asked.
 */
export function nextRetryDelay(args: {
  attempt: number
  schedule: readonly number[]
  retryAfterMs?: number | null
  random?: () => number
}): number | null {
  const planned = args.schedule[args.attempt]
  if (planned === undefined) return null
  const random = args.random ?? Math.random
  const jittered = Math.round(withJitter(planned, spread(retryJitter), random))
  return Math.max(jittered, args.retryAfterMs ?? 0)
}

/** Longest `Retry-After` honoured, so that a receiver cannot park a delivery for ever. */
export const maxRetryAfterMs = 24 * 3_600_000

/** `Retry-After` (seconds or an HTTP date) in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null
  const trimmed = value.trim()
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime()
  if (!Number.isFinite(ms)) return null
  return Math.min(Math.max(ms, 0), maxRetryAfterMs)
}
