import type { DeliveryStatus } from './deliveryStatus'

/**
 * Why a delivery's next attempt comes when it does, or why none comes:
 * - `scheduled`: at its own time (queued for later, or the retry schedule's next attempt);
 * - `due`: its time has come and nothing holds it: a worker takes it next;
 * - `backing_off`: its endpoint failed and pauses until its back-off ends (then one delivery
 *   goes as a probe, and the rest follow a success);
 * - `waiting_for_earlier`: its endpoint takes events about one object in order, and an earlier
 *   event about the same object is still on its way (delivered or given up, it releases this);
 * - `rate_limited`: due, and sent in its turn at the endpoint's rate limit
 *   (`max_deliveries_per_second`), which is pacing the endpoint's sends now;
 * - `suspended`: none while an administrator suspends the endpoint or its consumer: the
 *   delivery is held, and goes when the suspension ends;
 * - `endpoint_off`: none while the endpoint (subscription) is turned off;
 * - `sending`: being sent now; `delivered`, `given_up`: no more attempts;
 * - `cancelled`: never sent: its consumer no longer holds the grant its type needs.
 */
export const nextAttemptReasons = [
  'scheduled',
  'due',
  'backing_off',
  'waiting_for_earlier',
  'rate_limited',
  'suspended',
  'endpoint_off',
  'sending',
  'delivered',
  'given_up',
  'cancelled',
] as const
export type NextAttemptReason = (typeof nextAttemptReasons)[number]

/** When a delivery's next attempt comes at the earliest, and why. */
export type NextAttempt = {
  /** Never before `now`; null when no attempt comes (see the reason). */
  at: Date | null
  reason: NextAttemptReason
  /** The endpoint's failed deliveries in a row, what its back-off follows. */
  endpointFailureCount: number
  /** `waiting_for_earlier`: the delivery of the earlier event it waits for. */
  waitingForDeliveryId?: number
}

/** What the next attempt depends on besides the delivery: its subscription's state. */
export type EndpointState = {
  isActive: boolean
  /** An administrator suspended the subscription or its consumer: its deliveries are held. */
  isSuspended?: boolean
  /** No delivery of the endpoint is sent before this (but the one its probe is). */
  backoffUntil: Date | null
  failureCount: number
  /**
   * While its rate limit paces its sends (some of its budget is used): when its next send may
   * start at the earliest, never before now. Null or absent: no limit, or nothing paced.
   */
  pacedFrom?: Date | null
}

/**
 * A delivery's next attempt as the workers will make it: the later of its own time
 * (`nextAttemptAt`) and its endpoint's back-off end, never a time before `now` (a time that
 * has passed is "due now"), none for a delivery that is done or an endpoint that is off. One
 * held behind an earlier event about the same object (`waitingFor`, the earlier one's delivery)
 * has no time: it goes once that one is delivered or given up. A due one of an endpoint whose
 * rate limit paces it goes in its turn, from `endpoint.pacedFrom` at the earliest.
 */
export function findNextAttempt(args: {
  status: DeliveryStatus
  nextAttemptAt: Date | null
  endpoint: EndpointState
  now: Date
  waitingFor?: number | null
}): NextAttempt {
  const { status, nextAttemptAt, endpoint, now, waitingFor } = args
  const endpointFailureCount = endpoint.failureCount
  const none = (reason: NextAttemptReason): NextAttempt => ({
    at: null,
    reason,
    endpointFailureCount,
  })
  if (status === 'succeeded') return none('delivered')
  if (status === 'dead') return none('given_up')
  if (status === 'cancelled') return none('cancelled')
  if (status === 'delivering') return none('sending')
  if (endpoint.isSuspended) return none('suspended')
  if (!endpoint.isActive) return none('endpoint_off')
  const own = nextAttemptAt ?? now
  const backoff = endpoint.backoffUntil
  if (backoff && backoff > now && backoff >= own) {
    return { at: backoff, reason: 'backing_off', endpointFailureCount }
  }
  if (waitingFor != null) {
    return {
      at: null,
      reason: 'waiting_for_earlier',
      endpointFailureCount,
      waitingForDeliveryId: waitingFor,
    }
  }
  if (own > now) return { at: own, reason: 'scheduled', endpointFailureCount }
  if (endpoint.pacedFrom) {
    const at = endpoint.pacedFrom > now ? endpoint.pacedFrom : now
    return { at, reason: 'rate_limited', endpointFailureCount }
  }
  return { at: now, reason: 'due', endpointFailureCount }
}

/** The same, as it crosses the API: times as ISO 8601. */
export type NextAttemptResource = {
  at: string | null
  reason: NextAttemptReason
  endpoint_failure_count: number
  waiting_for_delivery_id: number | null
}

/** `next` as the API writes it. */
export const toNextAttemptResource = (next: NextAttempt): NextAttemptResource => ({
  at: next.at?.toISOString() ?? null,
  reason: next.reason,
  endpoint_failure_count: next.endpointFailureCount,
  waiting_for_delivery_id: next.waitingForDeliveryId ?? null,
})

/** `next` from the API's form (or the delivery collection's virtual field, which holds it). */
export const fromNextAttemptResource = (next: NextAttemptResource): NextAttempt => ({
  at: next.at ? new Date(next.at) : null,
  reason: next.reason,
  endpointFailureCount: next.endpoint_failure_count,
  ...(next.waiting_for_delivery_id != null && {
    waitingForDeliveryId: next.waiting_for_delivery_id,
  }),
})

/** Whether `value` is a `NextAttemptResource` (the admin reads it from a JSON field). */
export function isNextAttemptResource(value: unknown): value is NextAttemptResource {
  if (!value || typeof value !== 'object') return false
  const next = value as Record<string, unknown>
  return (
    (next.at === null || typeof next.at === 'string') &&
    (nextAttemptReasons as readonly unknown[]).includes(next.reason) &&
    typeof next.endpoint_failure_count === 'number' &&
    (next.waiting_for_delivery_id === null || typeof next.waiting_for_delivery_id === 'number')
  )
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/**
 * `next` in words, for the admin panel and the portal alike: when the next attempt comes and
 * why, or why none comes. `attempts`: the delivery's attempts so far; `formatTime` writes a
 * time as the page does.
 */
export function describeNextAttempt(
  next: NextAttempt,
  { attempts, formatTime }: { attempts: number; formatTime: (date: Date) => string },
): string {
  const at = next.at ? formatTime(next.at) : ''
  const isFirst = attempts === 0
  switch (next.reason) {
    case 'delivered':
      return 'Delivered: no more attempts.'
    case 'given_up':
      return `No more attempts: given up after ${plural(attempts, 'attempt')}.`
    case 'cancelled':
      return 'Cancelled: never sent, because the consumer no longer holds the grant this event type needs.'
    case 'sending':
      return `Attempt ${Math.max(attempts, 1)} is being sent now.`
    case 'suspended':
      return isFirst
        ? 'Not attempted yet: held while an administrator suspends the endpoint; it is sent when the suspension ends.'
        : `Attempt ${attempts + 1} is held while an administrator suspends the endpoint; it is sent when the suspension ends.`
    case 'endpoint_off':
      return isFirst
        ? 'Not attempted yet: the endpoint is turned off; it is sent once the endpoint is turned on again.'
        : 'No attempt while the endpoint is turned off: it is retried once the endpoint is turned on again.'
    case 'backing_off': {
      const why =
        next.endpointFailureCount > 0
          ? `the endpoint is backing off after ${plural(next.endpointFailureCount, 'failure')} in a row`
          : 'the endpoint is backing off after failures'
      return `${isFirst ? 'Not attempted yet. ' : ''}Next attempt after ${at}: ${why}.`
    }
    case 'waiting_for_earlier': {
      const earlier = next.waitingForDeliveryId
        ? `delivery ${next.waitingForDeliveryId}, an earlier event about the same object`
        : 'an earlier event about the same object'
      return `${isFirst ? 'Not attempted yet: waits' : `Attempt ${attempts + 1} waits`} for ${earlier}, to be delivered or given up (this endpoint receives events about one object in order).`
    }
    case 'rate_limited':
      return isFirst
        ? `Not attempted yet: queued, sent in its turn from ${at} at the earliest, at the endpoint's rate limit.`
        : `Attempt ${attempts + 1} is due, sent in its turn from ${at} at the earliest, at the endpoint's rate limit.`
    case 'scheduled':
      return isFirst
        ? `Not attempted yet: queued for ${at}.`
        : `Attempt ${attempts + 1} at ${at}, by the retry schedule.`
    case 'due':
      return isFirst
        ? 'Not attempted yet: queued, due now, waiting for a worker.'
        : `Attempt ${attempts + 1} is due now, waiting for a worker.`
  }
}
