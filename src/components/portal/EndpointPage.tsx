'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'

import { ConfirmAction } from './ConfirmAction'
import { DeliveryLog } from './DeliveryLog'
import { EndpointForm } from './EndpointForm'
import { ErrorMessage } from './ErrorMessage'
import { formatMs, prettyJson } from './format'
import { callApi, staleVersionMessage, unchangedSince, type ApiError } from './portalApi'
import type { Delivery } from '@/webhooks/contracts/deliveries'
import type { Subscription } from '@/webhooks/contracts/subscriptions'
import type { SubscriptionStats } from '@/webhooks/contracts/subscriptionStats'
import { usePortalSession } from './PortalShell'
import { RotateSecretPanel } from './RotateSecretPanel'
import { SendAgainPanel } from './SendAgainPanel'
import { StatsChart } from './StatsChart'
import { EndpointStateBadge, endpointState, SuspensionNotice, Time } from './statusBadges'
import { TestEventPanel } from './TestEventPanel'
import { isInFlight, usePortalData, usePortalRevalidation } from './portalData'
import { deliveryReadAgainMs, endpointReadAgainMs } from './readAgain'

/**
 * `/portal/endpoints/[id]`: one endpoint's state, its last 24 hours, the changes a full-access
 * session may make (edit, re-enable, delete, test, rotate, send again) and its delivery log.
 */
export function EndpointPage({ id }: { id: string }) {
  const session = usePortalSession()
  const router = useRouter()
  // Read again while the endpoint backs off: when the back-off ends (its probe goes then), or
  // sooner, since an administrator's "Send now" may end it.
  const [subscription, reloadSubscription] = usePortalData<{ data: Subscription }>(
    `/webhooks/subscriptions/${id}`,
    { readAgainMs: (data) => endpointReadAgainMs(data.data) },
  )
  const [stats, reloadStats] = usePortalData<{ data: SubscriptionStats }>(
    `/webhooks/subscriptions/${id}/stats`,
  )
  const { endpointChanged, endpointListChanged } = usePortalRevalidation()
  const [isEditing, setIsEditing] = useState(false)
  const [notice, setNotice] = useState('')
  const [staleNotice, setStaleNotice] = useState('')
  const [actionError, setActionError] = useState<ApiError | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  /** The delivery "Send now" sent: its outcome is followed until it settles. */
  const [sentNowId, setSentNowId] = useState<number | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  // The endpoint read again with another outcome (a success, a failure more, disabled): its
  // figures are read again too, so that "Failures in a row" and the 24 hours agree.
  const outcome =
    subscription.kind === 'ready'
      ? [
          subscription.data.data.failure_count,
          subscription.data.data.last_delivery_at,
          subscription.data.data.disabled_at,
        ].join('|')
      : null
  const shownOutcome = useRef(outcome)
  useEffect(() => {
    if (outcome === null || outcome === shownOutcome.current) return
    const isFirstRead = shownOutcome.current === null
    shownOutcome.current = outcome
    if (!isFirstRead) void reloadStats()
  }, [outcome, reloadStats])

  // After a change, or a delivery made from this page: its settings, figures and log read
  // again. Stable: the test panel's watch would start over if it changed.
  const refreshEndpoint = useCallback(() => void endpointChanged(id), [endpointChanged, id])

  useEffect(() => {
    if (!isEditing && notice) headingRef.current?.focus()
  }, [isEditing, notice])

  if (subscription.kind === 'loading') return <p role="status">Loading the endpoint…</p>
  if (subscription.kind === 'failed') {
    return (
      <>
        <h1>Endpoint not found</h1>
        <ErrorMessage error={subscription.error} what="This endpoint could not be read" />
        <p>
          <Link href="/portal">Back to your endpoints</Link>
        </p>
      </>
    )
  }
  const endpoint = subscription.data.data
  const isReadOnly = session.read_only

  const sendNow = async () => {
    setIsBusy(true)
    setActionError(null)
    setNotice('')
    const result = await callApi<{ data: Delivery }>(`/webhooks/subscriptions/${id}/send-now`, {
      method: 'POST',
    })
    setIsBusy(false)
    if (result.ok) setSentNowId(result.data.data.id)
    else setActionError(result.error)
  }

  const change = async (
    request: () => Promise<{ ok: boolean; error?: ApiError }>,
    done: string,
  ) => {
    setIsBusy(true)
    setActionError(null)
    setStaleNotice('')
    const result = await request()
    setIsBusy(false)
    if (!result.ok && result.error?.status === 412) {
      setStaleNotice(staleVersionMessage)
      refreshEndpoint()
      return
    }
    if (result.ok) {
      setNotice(done)
      refreshEndpoint()
    } else setActionError(result.error ?? null)
  }

  const reEnable = () =>
    change(
      () =>
        callApi(`/webhooks/subscriptions/${id}`, {
          method: 'PATCH',
          body: { is_active: true },
          headers: unchangedSince(endpoint),
        }),
      'The endpoint is enabled again: deliveries still queued are sent as they come due.',
    )

  const remove = async () => {
    setIsBusy(true)
    setActionError(null)
    setStaleNotice('')
    const result = await callApi(`/webhooks/subscriptions/${id}`, {
      method: 'DELETE',
      headers: unchangedSince(endpoint),
    })
    setIsBusy(false)
    if (result.ok) {
      await endpointListChanged()
      router.push('/portal')
    } else if (result.status === 412) {
      setStaleNotice(staleVersionMessage)
      refreshEndpoint()
    } else setActionError(result.error)
  }

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/portal">Endpoints</Link> <span aria-hidden="true">›</span> Endpoint
      </nav>
      <div className="page-heading">
        <h1 ref={headingRef} tabIndex={-1} className="url">
          {endpoint.endpoint_url}
        </h1>
        <EndpointStateBadge subscription={endpoint} />
      </div>
      {endpoint.description ? <p className="lead">{endpoint.description}</p> : null}
      <div aria-live="polite" className="live-region">
        {notice ? <p className="message message--good">{notice}</p> : null}
        {sentNowId !== null ? (
          <SendNowOutcome deliveryId={sentNowId} onSettled={refreshEndpoint} />
        ) : null}
      </div>
      {actionError ? <ErrorMessage error={actionError} what="That did not work" /> : null}
      {staleNotice ? (
        <p role="alert" className="message message--error">
          {staleNotice}
        </p>
      ) : null}

      {isEditing ? (
        <section className="panel">
          <EndpointForm
            key={endpoint.updated_at}
            mode="edit"
            subscription={endpoint}
            onCancel={() => setIsEditing(false)}
            onStale={() => {
              setStaleNotice(staleVersionMessage)
              refreshEndpoint()
            }}
            onSaved={() => {
              setStaleNotice('')
              setIsEditing(false)
              setNotice('Your changes are saved.')
              refreshEndpoint()
            }}
          />
        </section>
      ) : (
        <section className="panel" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          {endpointState(endpoint).tone === 'warn' ? (
            <div className="message message--warn">
              <p>
                Your endpoint failed, so its deliveries wait until the back-off ends. Fixed it? Send
                the delivery that has waited longest now; once it succeeds the others follow.
              </p>
              {isReadOnly ? null : (
                <button
                  type="button"
                  className="button"
                  disabled={isBusy}
                  onClick={() => void sendNow()}
                >
                  Send now
                </button>
              )}
            </div>
          ) : null}
          <SuspensionNotice subscription={endpoint} />
          {!endpoint.is_active && !endpoint.suspension ? (
            <p className="message message--warn">
              {endpoint.disabled_at
                ? 'Nothing is sent to this endpoint: it was disabled after failing again and again. Re-enable it once your receiver works, then recover the events it missed (below).'
                : 'This endpoint is paused: nothing is sent to it.'}
            </p>
          ) : null}
          <dl className="facts facts--wide">
            <div>
              <dt>Events</dt>
              <dd>
                {endpoint.events.includes('*') ? 'All events (*)' : endpoint.events.join(', ')}
              </dd>
            </div>
            <div>
              <dt>Last success</dt>
              <dd>
                <Time iso={endpoint.last_delivery_at} fallback="None yet" />
              </dd>
            </div>
            <div>
              <dt>Failures in a row</dt>
              <dd>{endpoint.failure_count}</dd>
            </div>
            <div>
              <dt>Timeout</dt>
              <dd>{endpoint.timeout_seconds} s</dd>
            </div>
            <div>
              <dt>Rate limit</dt>
              <dd>
                {endpoint.max_deliveries_per_second
                  ? `${endpoint.max_deliveries_per_second} a second`
                  : 'None'}
              </dd>
            </div>
            <div>
              <dt>Ordered delivery</dt>
              <dd>{endpoint.ordered ? 'Yes' : 'No'}</dd>
            </div>
            <div>
              <dt>Extra headers</dt>
              <dd>
                {Object.keys(endpoint.headers).length === 0
                  ? 'None'
                  : Object.keys(endpoint.headers).join(', ')}
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>
                <Time iso={endpoint.created_at} />
              </dd>
            </div>
            <div className="facts__full">
              <dt>Filter</dt>
              <dd>
                {endpoint.filter ? (
                  <pre className="code-block">{prettyJson(endpoint.filter)}</pre>
                ) : (
                  'None: every event of these types'
                )}
              </dd>
            </div>
          </dl>
          {isReadOnly ? (
            <p className="field__hint">A read-only session cannot edit, re-enable or delete.</p>
          ) : (
            <div className="button-row">
              <button
                type="button"
                className="button"
                onClick={() => {
                  setNotice('')
                  setIsEditing(true)
                }}
              >
                Edit endpoint
              </button>
              {!endpoint.is_active || endpoint.suspension ? (
                // Offered while suspended too: the API's refusal (409) says why it stays off.
                <button
                  type="button"
                  className="button button--primary"
                  onClick={reEnable}
                  disabled={isBusy}
                >
                  {endpoint.suspension ? 'Turn on endpoint' : 'Re-enable endpoint'}
                </button>
              ) : null}
              <ConfirmAction
                label="Delete endpoint"
                question="Delete this endpoint and its whole delivery log? This cannot be undone."
                confirmLabel="Yes, delete it"
                onConfirm={remove}
                isDanger
                isBusy={isBusy}
              />
            </div>
          )}
        </section>
      )}

      <section className="panel" aria-labelledby="stats-heading">
        <h2 id="stats-heading">Last 24 hours</h2>
        {stats.kind === 'ready' ? (
          <StatsChart stats={stats.data.data} />
        ) : stats.kind === 'loading' ? (
          <p role="status">Loading the figures…</p>
        ) : (
          <ErrorMessage error={stats.error} what="The figures could not be read" />
        )}
        {stats.kind === 'ready' && stats.data.data.attempts > 0 ? (
          <p className="field__hint">
            Latency is the time from sending a delivery to the end of your answer (p50: half were
            faster; p95: 95 in 100 were faster). Over the whole day: p50{' '}
            {formatMs(stats.data.data.p50_ms)}, p95 {formatMs(stats.data.data.p95_ms)}.
          </p>
        ) : null}
      </section>

      <TestEventPanel subscriptionId={id} isReadOnly={isReadOnly} onAttempted={refreshEndpoint} />
      <RotateSecretPanel
        subscriptionId={id}
        rotatedAt={endpoint.secret_rotated_at}
        isReadOnly={isReadOnly}
        onRotated={() => void reloadSubscription()}
      />
      <DeliveryLog subscriptionId={id} />
      {isReadOnly ? (
        <section className="panel" aria-labelledby="again-heading">
          <h2 id="again-heading">Send again</h2>
          <p className="field__hint">
            A read-only session cannot replay failed deliveries or recover missed events.
          </p>
        </section>
      ) : (
        <SendAgainPanel subscriptionId={id} onQueued={refreshEndpoint} />
      )}
    </>
  )
}

/**
 * What became of the delivery "Send now" sent, as it happens: being sent, then delivered (the
 * endpoint's answer) or failed again; the endpoint is read again once it settles.
 */
function SendNowOutcome({ deliveryId, onSettled }: { deliveryId: number; onSettled: () => void }) {
  const [delivery] = usePortalData<{ data: Delivery }>(`/webhooks/deliveries/${deliveryId}`, {
    readAgainMs: (data) => (isInFlight(data.data.status) ? deliveryReadAgainMs(data.data) : null),
  })
  const status = delivery.kind === 'ready' ? delivery.data.data.status : null
  const isSettled = status !== null && !isInFlight(status)
  useEffect(() => {
    if (isSettled) onSettled()
  }, [isSettled, onSettled])
  if (delivery.kind !== 'ready' || !isSettled) {
    return <p className="message">The oldest waiting delivery is being sent now…</p>
  }
  const sent = delivery.data.data
  return sent.status === 'succeeded' ? (
    <p className="message message--good">
      The oldest waiting delivery was delivered: your endpoint answered {sent.last_response_status}.
      The others waiting follow.{' '}
      <Link href={`/portal/deliveries/${sent.id}`}>Delivery {sent.id}</Link>
    </p>
  ) : (
    <p className="message message--error">
      The oldest waiting delivery failed again:{' '}
      {sent.last_response_status ?? sent.last_error ?? 'no answer'}. The endpoint backs off again;
      fix it and send again. <Link href={`/portal/deliveries/${sent.id}`}>Delivery {sent.id}</Link>
    </p>
  )
}
