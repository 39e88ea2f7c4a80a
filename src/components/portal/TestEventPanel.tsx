'use client'

import Link from 'next/link'
import { useEffect, useState } from 'react'

import { ErrorMessage } from './ErrorMessage'
import { Field } from './Field'
import { formatMs, readableBody } from './format'
import { callApi, type ApiError } from './portalApi'
import type { Attempt, DeliveryDetail } from '@/webhooks/contracts/deliveries'
import type { Paged } from '@/webhooks/contracts/paging'
import type { QueuedTest } from '@/webhooks/contracts/subscriptions'
import { useEventTypes } from './portalData'
import { inFlightPollMs } from './readAgain'

/** What the panel sends unless another type is chosen. */
const defaultEventType = 'webhook.test'

/** How often the panel asks whether the test delivery was attempted. */
const pollMs = inFlightPollMs

type Watch =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'waiting'; deliveryId: number }
  | { kind: 'arrived'; deliveryId: number; delivery: DeliveryDetail; attempt: Attempt | null }

/**
 * "Send test event" of a chosen type (`webhook.test` by default, or any active type's example
 * data), then watch it arrive: the test is sent at once, whatever the endpoint's
 * back-off; the panel polls the delivery until its first attempt is recorded (for as long as the
 * panel is shown) and shows what the receiver answered (status, body, duration) or why it did not.
 */
export function TestEventPanel({
  subscriptionId,
  isReadOnly,
  onAttempted,
}: {
  subscriptionId: string
  isReadOnly: boolean
  onAttempted: () => void
}) {
  const [watch, setWatch] = useState<Watch>({ kind: 'idle' })
  const [eventType, setEventType] = useState(defaultEventType)
  const eventTypes = useEventTypes()
  const names = eventTypes?.map((type) => type.name) ?? [defaultEventType]
  const watchedId = watch.kind === 'waiting' ? watch.deliveryId : null

  useEffect(() => {
    if (watchedId === null) return
    const controller = new AbortController()
    let timer = 0
    const poll = async () => {
      const result = await callApi<{ data: DeliveryDetail }>(`/webhooks/deliveries/${watchedId}`, {
        signal: controller.signal,
      })
      if (result.ok) {
        const delivery = result.data.data
        const isAttempted =
          delivery.attempts > 0 && delivery.status !== 'delivering' && delivery.status !== 'pending'
        if (isAttempted) {
          const attempts = await callApi<Paged<Attempt>>(
            `/webhooks/deliveries/${watchedId}/attempts?per_page=1`,
            { signal: controller.signal },
          )
          setWatch({
            kind: 'arrived',
            deliveryId: watchedId,
            delivery,
            attempt: attempts.ok ? (attempts.data.data[0] ?? null) : null,
          })
          onAttempted()
          return
        }
      } else if (result.status === 401) {
        return
      }
      timer = window.setTimeout(() => poll().catch(() => undefined), pollMs)
    }
    timer = window.setTimeout(() => poll().catch(() => undefined), pollMs / 2)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [watchedId, onAttempted])

  const send = async () => {
    setWatch({ kind: 'sending' })
    const result = await callApi<QueuedTest>(`/webhooks/subscriptions/${subscriptionId}/test`, {
      method: 'POST',
      body: { event_type: eventType },
    })
    setWatch(
      result.ok
        ? { kind: 'waiting', deliveryId: result.data.data.delivery_id }
        : { kind: 'refused', error: result.error },
    )
  }

  return (
    <section className="panel" aria-labelledby="test-heading">
      <h2 id="test-heading">Send a test event</h2>
      <p>
        Sends an event to this endpoint only, and shows what your receiver answers: a{' '}
        <code>webhook.test</code>, or the example <code>data</code> of another type (see{' '}
        <Link href="/portal/events">the event catalogue</Link>), whether or not this endpoint
        subscribes to it. It is signed like every delivery and marked as a test:{' '}
        <code>{'"test": true'}</code> in the body, <code>webhook-test: true</code> in the headers.
      </p>
      {isReadOnly ? (
        <p className="field__hint">A read-only session cannot send test events.</p>
      ) : (
        <>
          <Field id={`test-${subscriptionId}-type`} label="Event type to send">
            {(control) => (
              <select
                {...control}
                className="input"
                value={eventType}
                onChange={(event) => setEventType(event.target.value)}
              >
                {(names.includes(eventType) ? names : [eventType, ...names]).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button
            type="button"
            className="button button--primary"
            onClick={send}
            disabled={watch.kind === 'sending' || watch.kind === 'waiting'}
          >
            Send test event
          </button>
        </>
      )}
      <div aria-live="polite" className="live-region">
        {watch.kind === 'sending' ? <p>Sending…</p> : null}
        {watch.kind === 'waiting' ? (
          <p>
            Test event sent (delivery{' '}
            <Link href={`/portal/deliveries/${watch.deliveryId}`}>{watch.deliveryId}</Link>).
            Waiting for your endpoint&apos;s answer…
          </p>
        ) : null}
        {watch.kind === 'arrived' ? <TestOutcome watch={watch} /> : null}
      </div>
      {watch.kind === 'refused' ? (
        <ErrorMessage error={watch.error} what="The test event was not sent" />
      ) : null}
    </section>
  )
}

function TestOutcome({ watch }: { watch: Extract<Watch, { kind: 'arrived' }> }) {
  const { delivery, attempt } = watch
  const status = attempt ? attempt.response_status : delivery.last_response_status
  const body = attempt ? attempt.response_body : delivery.last_response_body
  const error = attempt ? attempt.error : delivery.last_error
  const duration = attempt ? attempt.duration_ms : delivery.duration_ms
  const isDelivered = delivery.status === 'succeeded'
  return (
    <div
      className={`outcome ${isDelivered ? 'outcome--good' : 'outcome--bad'}`}
      data-testid="test-outcome"
    >
      <p className="outcome__headline">
        {isDelivered
          ? `Delivered: your endpoint answered ${status} in ${formatMs(duration)}.`
          : status !== null
            ? `Not delivered: your endpoint answered ${status} in ${formatMs(duration)}. It will be retried.`
            : `Not delivered: ${error ?? 'no answer'} (after ${formatMs(duration)}). It will be retried.`}
      </p>
      <dl className="facts">
        <div>
          <dt>Response status</dt>
          <dd>{status ?? '—'}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatMs(duration)}</dd>
        </div>
        {error ? (
          <div>
            <dt>Error</dt>
            <dd>{error}</dd>
          </div>
        ) : null}
      </dl>
      <p className="field__label">Response body</p>
      {body ? <pre className="code-block">{readableBody(body)}</pre> : <p>(empty)</p>}
      <p>
        <Link href={`/portal/deliveries/${watch.deliveryId}`}>
          See delivery {watch.deliveryId} with its request
        </Link>
      </p>
    </div>
  )
}
