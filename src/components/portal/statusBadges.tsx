import { formatDateTime } from './format'
import type { Delivery } from '@/webhooks/contracts/deliveries'
import type { Subscription } from '@/webhooks/contracts/subscriptions'
import type { DeliveryStatus } from '@/webhooks/deliveryStatus'
import { describeNextAttempt, fromNextAttemptResource } from '@/webhooks/nextAttempt'

/** What an endpoint is doing now, from its subscription's fields. */
export function endpointState(subscription: Subscription, now = Date.now()) {
  if (subscription.suspension) {
    return {
      tone: 'bad',
      label: `Suspended since ${formatDateTime(subscription.suspension.since)}`,
    }
  }
  if (!subscription.is_active) {
    return subscription.disabled_at
      ? { tone: 'bad', label: `Disabled since ${formatDateTime(subscription.disabled_at)}` }
      : { tone: 'neutral', label: 'Paused' }
  }
  if (subscription.backoff_until && Date.parse(subscription.backoff_until) > now) {
    return {
      tone: 'warn',
      label: `Backing off until ${formatDateTime(subscription.backoff_until)}`,
    }
  }
  return { tone: 'good', label: 'Active' }
}

/**
 * An administrator's suspension of the endpoint in words: since when, why, what it holds, and
 * that only an administrator ends it.
 */
export function SuspensionNotice({ subscription }: { subscription: Subscription }) {
  const suspension = subscription.suspension
  if (!suspension) return null
  return (
    <p className="message message--error">
      An administrator suspended this endpoint on {formatDateTime(suspension.since)}:{' '}
      <strong>{suspension.reason}</strong>. Nothing is sent to it meanwhile: its deliveries wait and
      are sent, oldest first, when the suspension ends. You cannot turn it on yourself; ask us to
      end the suspension.
    </p>
  )
}

/** The endpoint's state as a badge. */
export function EndpointStateBadge({ subscription }: { subscription: Subscription }) {
  const state = endpointState(subscription)
  return <span className={`badge badge--wraps badge--${state.tone}`}>{state.label}</span>
}

const statusTones: Record<DeliveryStatus, string> = {
  pending: 'neutral',
  delivering: 'neutral',
  succeeded: 'good',
  failed: 'warn',
  dead: 'bad',
  cancelled: 'neutral',
}

/** A delivery's status as a badge. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`badge badge--${statusTones[status] ?? 'neutral'}`}>{status}</span>
}

/** The mark of a test delivery, beside its status. */
export function TestBadge() {
  return <span className="badge badge--test">test event</span>
}

/**
 * A delivery's next attempt in words: when it comes and why (its retry schedule, or its
 * endpoint's back-off), or why none comes; never a time that has passed.
 */
export function nextAttemptText(delivery: Pick<Delivery, 'next_attempt' | 'attempts'>) {
  return describeNextAttempt(fromNextAttemptResource(delivery.next_attempt), {
    attempts: delivery.attempts,
    formatTime: formatDateTime,
  })
}

/** A time as a `<time>` element, or a dash. */
export function Time({
  iso,
  fallback = '—',
}: {
  iso: string | null | undefined
  fallback?: string
}) {
  if (!iso) return <>{fallback}</>
  return <time dateTime={iso}>{formatDateTime(iso)}</time>
}
