/**
 * An administrator's suspension of a subscription (or of its whole consumer): deliveries are
 * held, not sent and not lost, until it ends, and the consumer cannot lift it. Stored on the row
 * beside who set it (`suspended`, `suspensionReason`, `suspendedAt`, `suspendedBy`).
 */
export type Suspension = {
  /** Why, in the administrator's words: shown to the consumer. */
  reason: string
  /** Since when, ISO 8601. */
  since: string
}

/** What a suspendable row stores. */
export type SuspensionFields = {
  suspended?: boolean | null
  suspensionReason?: string | null
  suspendedAt?: string | null
}

/** The row's suspension, or null when it is not suspended. */
export function suspensionOf(row: SuspensionFields): Suspension | null {
  if (row.suspended !== true) return null
  return {
    reason: row.suspensionReason ?? '',
    since: row.suspendedAt ? new Date(row.suspendedAt).toISOString() : '',
  }
}

/** `2026-01-31T12:00:00.123Z` as `2026-01-31 12:00 UTC`. */
const readableTime = (iso: string) =>
  iso ? ` since ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : ''

/**
 * `suspension` in one sentence, naming what is suspended: "This endpoint is suspended by an
 * administrator since 2026-11-28 17:30 UTC: <reason>."
 */
export function describeSuspension(what: string, suspension: Suspension): string {
  const reason = suspension.reason.trim().replace(/[.\s]+$/, '')
  return `${what} is suspended by an administrator${readableTime(suspension.since)}: ${reason || 'no reason given'}.`
}

/**
 * The 409 of a consumer turning on (`is_active: true`) a suspended subscription: a suspension
 * is an administrator's word, which only an administrator ends.
 */
export function turnOnRefusal(suspension: Suspension): string {
  return (
    `${describeSuspension('This endpoint', suspension)} It cannot be turned on until an ` +
    'administrator ends the suspension; its deliveries wait meanwhile and are sent, oldest ' +
    'first, once it ends.'
  )
}

/**
 * The 409 of a send asked for now (a retry, a test event, "Send now") to a suspended
 * subscription: nothing is sent to it until the suspension ends.
 */
export function sendNowRefusal(suspension: Suspension): string {
  return `${describeSuspension('This endpoint', suspension)} Nothing is sent to it until the suspension ends.`
}

/**
 * Why an administrator may not untick `isActive` of a consumer's subscription: that switch is
 * the consumer's own (and the worker's, after failures), which the consumer turns on again. An
 * administrator's "off" is a suspension, with a reason.
 */
export const adminOffRefusal =
  "An administrator does not untick Active (the consumer's own switch, which it can turn on " +
  'again). To stop deliveries tick Suspended and give a reason: the consumer cannot undo a ' +
  'suspension, and its deliveries are held until you end it.'
