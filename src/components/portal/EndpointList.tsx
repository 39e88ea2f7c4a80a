'use client'

import Link from 'next/link'
import { useState } from 'react'

import { ErrorMessage } from './ErrorMessage'
import { formatMs, formatRate } from './format'
import { Pager } from './Pager'
import { queryString } from './portalApi'
import type { Paged } from '@/webhooks/contracts/paging'
import type { Subscription } from '@/webhooks/contracts/subscriptions'
import type { SubscriptionStats } from '@/webhooks/contracts/subscriptionStats'
import { usePortalSession } from './PortalShell'
import { EndpointStateBadge, SuspensionNotice, Time } from './statusBadges'
import { usePortalData } from './portalData'
import { countOf } from '@/text/plural'

const perPage = 20

/** `/portal`: the consumer's endpoints, each with its state and its last 24 hours. */
export function EndpointList() {
  const session = usePortalSession()
  const [page, setPage] = useState(1)
  const [list] = usePortalData<Paged<Subscription>>(
    `/webhooks/subscriptions${queryString({ page, per_page: perPage })}`,
  )

  return (
    <>
      <div className="page-heading">
        <h1>Endpoints</h1>
        {session.read_only ? null : (
          <Link href="/portal/endpoints/new" className="button button--primary">
            Add endpoint
          </Link>
        )}
      </div>
      <p className="lead">
        Where {session.consumer.name} receives webhooks. Figures cover the last 24 hours.
      </p>
      {list.kind === 'loading' ? (
        <p role="status">Loading endpoints…</p>
      ) : list.kind === 'failed' ? (
        <ErrorMessage error={list.error} what="The endpoints could not be read" />
      ) : list.data.data.length === 0 ? (
        <div className="panel panel--empty">
          <h2>No endpoints yet</h2>
          <p>
            An endpoint is a URL of yours that receives the events you choose, signed so that you
            can check they come from us.
          </p>
          {session.read_only ? (
            <p>This session is read-only: someone with a full-access link can add one.</p>
          ) : (
            <p>
              <Link href="/portal/endpoints/new">Add your first endpoint</Link>.
            </p>
          )}
        </div>
      ) : (
        <>
          <ul className="card-list" aria-label="Endpoints">
            {list.data.data.map((subscription) => (
              <li key={subscription.id}>
                <EndpointCard subscription={subscription} />
              </li>
            ))}
          </ul>
          <Pager meta={list.data.meta} onPage={setPage} label="Endpoint pages" />
        </>
      )}
    </>
  )
}

function EndpointCard({ subscription }: { subscription: Subscription }) {
  const [stats] = usePortalData<{ data: SubscriptionStats }>(
    `/webhooks/subscriptions/${subscription.id}/stats`,
  )
  const figures = stats.kind === 'ready' ? stats.data.data : null
  const unavailable = stats.kind === 'failed' ? 'unavailable' : '…'
  return (
    <article className="card" aria-labelledby={`endpoint-${subscription.id}`}>
      <h2 className="card__title" id={`endpoint-${subscription.id}`}>
        <Link href={`/portal/endpoints/${subscription.id}`} className="url">
          {subscription.endpoint_url}
        </Link>
      </h2>
      {subscription.description ? <p className="card__text">{subscription.description}</p> : null}
      <EndpointStateBadge subscription={subscription} />
      <SuspensionNotice subscription={subscription} />
      <dl className="facts">
        <div>
          <dt>Events</dt>
          <dd>
            {subscription.events.includes('*') ? 'All events' : subscription.events.join(', ')}
          </dd>
        </div>
        <div>
          <dt>Last success</dt>
          <dd>
            <Time iso={subscription.last_delivery_at} fallback="None yet" />
          </dd>
        </div>
        <div>
          <dt>Success rate (24 h)</dt>
          <dd>
            {figures
              ? figures.attempts === 0
                ? 'No attempts'
                : `${formatRate(figures.success_rate)} of ${countOf(figures.attempts, { one: 'attempt', other: 'attempts' })}`
              : unavailable}
          </dd>
        </div>
        <div>
          <dt>Latency p50 / p95 (24 h)</dt>
          <dd>
            {figures ? `${formatMs(figures.p50_ms)} / ${formatMs(figures.p95_ms)}` : unavailable}
          </dd>
        </div>
      </dl>
    </article>
  )
}
