/**
 * When to try a notice again after `attempts` failed sends: `baseSeconds` doubling each time,
 * at most an hour apart.
 */
export function noticeRetryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), 3600)
}
