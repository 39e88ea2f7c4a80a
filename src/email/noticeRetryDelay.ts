import { exponentialDelay } from '@/retry/exponentialBackoff'

/**
 * When to try a notice again after `attempts` failed sends: `baseSeconds` doubling each time,
 * at most an hour apart.
 */
export function noticeRetryDelaySeconds(attempts: number, baseSeconds: number): number {
  return exponentialDelay({ first: baseSeconds, max: 3600 }, attempts)
}
