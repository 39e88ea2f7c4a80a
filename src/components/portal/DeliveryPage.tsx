'use client'

import Link from 'next/link'
import { useEffect, useState } from 'react'

import { ConfirmAction } from './ConfirmAction'
import { ErrorMessage } from './ErrorMessage'
import { formatMs, prettyJson, readableBody } from './format'
import { Pager } from './Pager'
import { callApi, type ApiError } from './portalApi'
import type { Attempt, DeliveryDetail } from '@/webhooks/contracts/deliveries'
import type { Paged } from '@/webhooks/contracts/paging'
import { usePortalSession } from './PortalShell'
import { DeliveryStatusBadge, nextAttemptText, TestBadge, Time } from './statusBadges'
import { isInFlight, usePortalData } from './portalData'
import { deliveryReadAgainMs } from './readAgain'

/**
 * `/portal/deliveries/[id]`: one delivery, its request body as sent, every attempt (request
 * headers, response status and body, duration, error, trigger) and "Retry now", or, once the
 * endpoint has received it, "Send again", which asks first: the receiver gets it a second time.
 * While the delivery is pending or being sent, it and its attempts are read again every second,
 * so the outcome of a send (at once, whatever the endpoint's back-off) shows without a reload.
 */
export function DeliveryPage({ id }: { id: string }) {
  const session = usePortalSession()
  const [page, setPage] = useState(1)
  const [delivery, reloadDelivery] = usePortalData<{ data: DeliveryDetail }>(
    `/webhooks/deliveries/${id}`,
    { readAgainMs: (data) => deliveryReadAgainMs(data.data) },
  )
  const isDeliveryInFlight = delivery.kind === 'ready' && isInFlight(delivery.data.data.status)
  // Its attempts are read again when it is (each read that finds a new attempt shows it).
  const [attempts, reloadAttempts] = usePortalData<Paged<Attempt>>(
    `/webhooks/deliveries/${id}/attempts?page=${page}&per_page=20`,
    { readAgainMs: delivery.kind === 'ready' ? deliveryReadAgainMs(delivery.data.data) : null },
  )
  // The attempt count before "Retry now" or "Send again": its outcome is the first one past it.
  const [sent, setSent] = useState<{ after: number; isReplay: boolean } | null>(null)
  const [retryError, setRetryError] = useState<ApiError | null>(null)

  // Once the delivery settles, its last attempt is read at once (not a second later).
  const settledAttempts =
    delivery.kind === 'ready' && !isDeliveryInFlight ? delivery.data.data.attempts : null
  useEffect(() => {
    if (settledAttempts !== null) void reloadAttempts()
  }, [settledAttempts, reloadAttempts])

  if (delivery.kind === 'loading') return <p role="status">Loading the delivery…</p>
  if (delivery.kind === 'failed') {
    return (
      <>
        <h1>Delivery not found</h1>
        <ErrorMessage error={delivery.error} what="This delivery could not be read" />
        <p>
          <Link href="/portal">Back to your endpoints</Link>
        </p>
      </>
    )
  }
  const current = delivery.data.data

  const isRetryInFlight = sent !== null && isDeliveryInFlight
  const retryOutcome =
    sent !== null && !isDeliveryInFlight && current.attempts > sent.after
      ? current.status === 'succeeded'
        ? sent.isReplay
          ? `Sent again: your endpoint answered ${current.last_response_status}.`
          : `The retry was delivered: your endpoint answered ${current.last_response_status}.`
        : `The ${sent.isReplay ? 'send' : 'retry'} failed: ${current.last_response_status ?? current.last_error ?? 'no answer'}.`
      : null
  // Delivered (or being sent again after it was): a send is a replay, and asks first.
  const isDelivered = current.status === 'succeeded' || (sent?.isReplay === true && isRetryInFlight)

  const sendAgain = async () => {
    setRetryError(null)
    const isReplay = current.status === 'succeeded'
    const result = await callApi(`/webhooks/deliveries/${id}/retry`, { method: 'POST' })
    if (!result.ok) {
      setRetryError(result.error)
      return
    }
    setSent({ after: current.attempts, isReplay })
    setPage(1)
    await reloadDelivery()
  }

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/portal">Endpoints</Link> <span aria-hidden="true">›</span>{' '}
        <Link href={`/portal/endpoints/${current.subscription_id}`}>Endpoint</Link>{' '}
        <span aria-hidden="true">›</span> Delivery {current.id}
      </nav>
      <div className="page-heading">
        <h1>Delivery {current.id}</h1>
        <DeliveryStatusBadge status={current.status} />
        {current.is_test ? <TestBadge /> : null}
      </div>
      {current.is_test ? (
        <p className="notice">
          A test: sent by &ldquo;Send test event&rdquo; (or when the endpoint was created), with
          example data, not a real record. Its body says <code>&quot;test&quot;: true</code>.
        </p>
      ) : null}

      <section className="panel" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">The delivery</h2>
        <dl className="facts facts--wide">
          <div>
            <dt>Event type</dt>
            <dd>
              <code>{current.event_type}</code>
            </dd>
          </div>
          <div>
            <dt>Event id (webhook-id)</dt>
            <dd>
              <code>{current.event_id}</code>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{current.status}</dd>
          </div>
          <div>
            <dt>Attempts</dt>
            <dd>{current.attempts}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              <Time iso={current.created_at} />
            </dd>
          </div>
          <div>
            <dt>Next attempt</dt>
            <dd>{nextAttemptText(current)}</dd>
          </div>
        </dl>
        {session.read_only ? (
          <p className="field__hint">A read-only session cannot retry deliveries.</p>
        ) : isDelivered ? (
          <div className="button-row">
            <ConfirmAction
              label="Send again"
              question="Send this delivery again? Your endpoint has already received it."
              details={
                <p>
                  It will arrive a second time, with the same event id (webhook-id{' '}
                  <code>{current.event_id}</code>): a receiver that ignores an event id it has seen
                  will drop it, and one that does not will act on it twice.
                </p>
              }
              confirmLabel="Yes, send it again"
              onConfirm={sendAgain}
              isBusy={isRetryInFlight}
            />
          </div>
        ) : (
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              onClick={sendAgain}
              disabled={isRetryInFlight || current.status === 'delivering'}
            >
              Retry now
            </button>
          </div>
        )}
        <div aria-live="polite" className="live-region">
          {isRetryInFlight ? <p>Sending now…</p> : null}
          {retryOutcome ? <p className="message message--good">{retryOutcome}</p> : null}
        </div>
        {retryError ? (
          <ErrorMessage error={retryError} what="The delivery was not sent again" />
        ) : null}
      </section>

      <section className="panel" aria-labelledby="body-heading">
        <h2 id="body-heading">Request body as sent</h2>
        <p className="field__hint">
          The exact bytes each attempt sends (and signs); only the <code>webhook-timestamp</code>{' '}
          and <code>webhook-signature</code> headers differ from one attempt to the next.
        </p>
        <pre className="code-block" tabIndex={0} aria-labelledby="body-heading">
          {typeof current.request_body === 'string'
            ? current.request_body
            : prettyJson(current.request_body)}
        </pre>
      </section>

      <section className="panel" aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">Attempts, newest first</h2>
        {attempts.kind === 'loading' ? <p role="status">Loading the attempts…</p> : null}
        {attempts.kind === 'failed' ? (
          <ErrorMessage error={attempts.error} what="The attempts could not be read" />
        ) : null}
        {attempts.kind === 'ready' ? (
          attempts.data.data.length === 0 ? (
            <p>No attempt yet.</p>
          ) : (
            <>
              <ol className="attempt-list" reversed>
                {attempts.data.data.map((attempt) => (
                  <li key={attempt.id}>
                    <AttemptCard attempt={attempt} />
                  </li>
                ))}
              </ol>
              <Pager meta={attempts.data.meta} onPage={setPage} label="Attempt pages" />
            </>
          )
        ) : null}
      </section>
    </>
  )
}

/** Who or what sent an attempt, in words. */
const triggerText: Record<Attempt['trigger'], string> = {
  test: 'Test (sent by "Send test event", or when the endpoint was created)',
  manual: 'Manual (retry, replay or recover)',
  scheduled: 'Scheduled',
}

function AttemptCard({ attempt }: { attempt: Attempt }) {
  const isSuccess =
    attempt.error === null &&
    attempt.response_status !== null &&
    attempt.response_status >= 200 &&
    attempt.response_status < 300
  const headingId = `attempt-${attempt.id}`
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId} className="card__title">
        Attempt {attempt.attempt}{' '}
        <span className={`badge badge--${isSuccess ? 'good' : 'bad'}`}>
          {isSuccess ? 'succeeded' : 'failed'}
        </span>{' '}
        <span className="badge badge--neutral">{attempt.trigger}</span>
      </h3>
      <dl className="facts">
        <div>
          <dt>Sent</dt>
          <dd>
            <Time iso={attempt.attempted_at} />
          </dd>
        </div>
        <div>
          <dt>Response status</dt>
          <dd>{attempt.response_status ?? '—'}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatMs(attempt.duration_ms)}</dd>
        </div>
        <div>
          <dt>Error</dt>
          <dd>{attempt.error ?? 'None'}</dd>
        </div>
        <div>
          <dt>Trigger</dt>
          <dd>{triggerText[attempt.trigger]}</dd>
        </div>
      </dl>
      {attempt.request_headers ? (
        <>
          <h4 className="field__label" id={`${headingId}-headers`}>
            Request headers
          </h4>
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-labelledby={`${headingId} ${headingId}-headers`}
          >
            <table className="table table--compact" aria-labelledby={`${headingId}-headers`}>
              <thead>
                <tr>
                  <th scope="col">Header</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(attempt.request_headers).map(([name, value]) => (
                  <tr key={name}>
                    <th scope="row">
                      <code>{name}</code>
                    </th>
                    <td>
                      <code className="wrap">{value}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : attempt.signature ? (
        <p>
          Signature sent: <code className="wrap">{attempt.signature}</code>
        </p>
      ) : null}
      <h4 className="field__label">Response body</h4>
      {attempt.response_body ? (
        <pre className="code-block">{readableBody(attempt.response_body)}</pre>
      ) : (
        <p>(empty)</p>
      )}
    </article>
  )
}
