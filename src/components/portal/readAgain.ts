import type { Delivery } from '@/webhooks/contracts/deliveries'
import type { Subscription } from '@/webhooks/contracts/subscriptions'

/**
 * When a page reads again what changes by itself (a delivery on its way, an endpoint backing
 * off), without a reload. Each read counts against the consumer's request limit, which its own
 * servers share (300 a minute by default): reading every second for an hour's back-off took
 * 60 of them a minute for each page left open. So a page reads again at the moment the change
 * is due (a send in flight: every second), never more than `longestWaitMs` later (someone else
 * may change it first: an administrator's "Send now", another tab), and not at all once
 * nothing will change by itself.
 */

/** Between reads while something is being sent or is due now. */
export const inFlightPollMs = 1000
/** The longest wait between reads of something that will change. */
export const longestWaitMs = 10_000
/** Between reads of a delivery waiting for an earlier one, whose time nobody knows. */
export const waitingForEarlierMs = 5000

/** Milliseconds from `now` until `at`, within `inFlightPollMs` and `longestWaitMs`. */
function until(at: string, now: number): number {
  const ms = Date.parse(at) - now
  if (!Number.isFinite(ms)) return longestWaitMs
  return Math.min(Math.max(ms, inFlightPollMs), longestWaitMs)
}

/** When delivery `delivery` is worth reading again; null: it will not change by itself. */
export function deliveryReadAgainMs(
  delivery: Pick<Delivery, 'next_attempt'>,
  now = Date.now(),
): number | null {
  const next = delivery.next_attempt
  switch (next.reason) {
    case 'delivered':
    case 'given_up':
    case 'suspended':
    case 'cancelled':
    case 'endpoint_off':
      return null
    case 'sending':
      return inFlightPollMs
    case 'waiting_for_earlier':
      return waitingForEarlierMs
    default:
      return next.at ? until(next.at, now) : longestWaitMs
  }
}

/** The soonest of `deliveries`' reads (a page of the log); null when none will change. */
export function deliveriesReadAgainMs(
  deliveries: Pick<Delivery, 'next_attempt'>[],
  now = Date.now(),
): number | null {
  const waits = deliveries
    .map((delivery) => deliveryReadAgainMs(delivery, now))
    .filter((ms): ms is number => ms !== null)
  return waits.length ? Math.min(...waits) : null
}

/** Between reads of an endpoint whose back-off has ended with failures still counted. */
export const afterBackoffMs = 5000

/**
 * When an endpoint is worth reading again: a second after its back-off ends, when its probe
 * has had time to go; then, while its failures in a row still count (the probe not yet taken by
 * a worker, or in flight), every `afterBackoffMs` until a success clears them (or, with nothing
 * waiting to be sent, until the page is left); null when it is off or has no failures.
 */
export function endpointReadAgainMs(
  subscription: Pick<Subscription, 'is_active' | 'backoff_until' | 'failure_count'>,
  now = Date.now(),
): number | null {
  if (!subscription.is_active) return null
  if (subscription.backoff_until && Date.parse(subscription.backoff_until) > now) {
    return Math.min(until(subscription.backoff_until, now) + inFlightPollMs, longestWaitMs)
  }
  return subscription.failure_count > 0 ? afterBackoffMs : null
}
