'use client'

import Link from 'next/link'
import { useId, useState, type FormEvent } from 'react'

import { ErrorMessage } from './ErrorMessage'
import { Field } from './Field'
import { DateFilter } from './DateFilter'
import { datePartsToIso, isEmptyDate, noDate, type DateParts } from './dateParts'
import { formatMs } from './format'
import { Pager } from './Pager'
import { queryString } from './portalApi'
import type { Delivery } from '@/webhooks/contracts/deliveries'
import type { Paged } from '@/webhooks/contracts/paging'
import { deliveryStatuses } from '@/webhooks/deliveryStatus'
import { DeliveryStatusBadge, nextAttemptText, TestBadge, Time } from './statusBadges'
import { usePortalData, useEventTypes } from './portalData'
import { deliveriesReadAgainMs } from './readAgain'

const perPage = 20

type Filters = { status: string; eventType: string; since: DateParts; until: DateParts }
const noFilters: Filters = { status: '', eventType: '', since: noDate, until: noDate }

/** A filter's instant as ISO 8601, '' when none (an invalid one is never applied). */
const isoOf = (parts: DateParts) => {
  const iso = datePartsToIso(parts)
  return typeof iso === 'string' ? iso : ''
}

/**
 * An endpoint's delivery log, newest first, with filters (status, event type, time range)
 * and paging; each delivery links to its page. Read again after a change to its endpoint
 * (`usePortalRevalidation`) and by "Refresh".
 */
export function DeliveryLog({ subscriptionId }: { subscriptionId: string }) {
  const id = useId()
  const eventTypes = useEventTypes()
  const [draft, setDraft] = useState<Filters>(noFilters)
  const [applied, setApplied] = useState<Filters>(noFilters)
  const [page, setPage] = useState(1)
  const query = queryString({
    page,
    per_page: perPage,
    status: applied.status,
    event_type: applied.eventType,
    since: isoOf(applied.since),
    until: isoOf(applied.until),
  })
  // Read again while a delivery shown is on its way: when the soonest of them is due.
  const [log, reload] = usePortalData<Paged<Delivery>>(
    `/webhooks/subscriptions/${subscriptionId}/deliveries${query}`,
    { readAgainMs: (data) => deliveriesReadAgainMs(data.data) },
  )

  const [dateErrors, setDateErrors] = useState<{ since?: string; until?: string }>({})
  const apply = (event: FormEvent) => {
    event.preventDefault()
    const [since, until] = [datePartsToIso(draft.since), datePartsToIso(draft.until)]
    const errors = {
      since: typeof since === 'string' ? undefined : since.error,
      until: typeof until === 'string' ? undefined : until.error,
    }
    setDateErrors(errors)
    if (errors.since || errors.until) return
    setApplied(draft)
    setPage(1)
  }
  const isFiltered =
    Boolean(applied.status || applied.eventType) ||
    !isEmptyDate(applied.since) ||
    !isEmptyDate(applied.until)

  return (
    <section className="panel" aria-labelledby="log-heading">
      <h2 id="log-heading">Delivery log</h2>
      <form className="filters" onSubmit={apply} aria-label="Filter the deliveries">
        <Field id={`${id}-status`} label="Status">
          {(control) => (
            <select
              {...control}
              className="input"
              value={draft.status}
              onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            >
              <option value="">Any status</option>
              {deliveryStatuses.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-type`} label="Event type">
          {(control) => (
            <select
              {...control}
              className="input"
              value={draft.eventType}
              onChange={(event) => setDraft({ ...draft, eventType: event.target.value })}
            >
              <option value="">Any event type</option>
              {(eventTypes ?? []).map((eventType) => (
                <option key={eventType.name} value={eventType.name}>
                  {eventType.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DateFilter
          id={`${id}-since`}
          legend="Since"
          value={draft.since}
          error={dateErrors.since}
          onChange={(since) => setDraft({ ...draft, since })}
        />
        <DateFilter
          id={`${id}-until`}
          legend="Until"
          value={draft.until}
          error={dateErrors.until}
          onChange={(until) => setDraft({ ...draft, until })}
        />
        <div className="button-row filters__buttons">
          <button type="submit" className="button button--primary">
            Show deliveries
          </button>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              setDraft(noFilters)
              setApplied(noFilters)
              setDateErrors({})
              setPage(1)
            }}
            disabled={!isFiltered}
          >
            Clear filters
          </button>
          <button type="button" className="button button--quiet" onClick={() => void reload()}>
            Refresh
          </button>
        </div>
      </form>
      <div aria-live="polite" className="live-region">
        {log.kind === 'ready' ? (
          <p className="status-line">
            {log.data.meta.total === 0
              ? isFiltered
                ? 'No deliveries match these filters.'
                : 'No deliveries yet.'
              : `${log.data.meta.total} ${log.data.meta.total === 1 ? 'delivery' : 'deliveries'}${isFiltered ? ' match' : ''}, newest first.`}
          </p>
        ) : log.kind === 'loading' ? (
          <p className="status-line">Loading deliveries…</p>
        ) : null}
      </div>
      {log.kind === 'failed' ? (
        <ErrorMessage error={log.error} what="The log could not be read" />
      ) : null}
      {log.kind === 'ready' && log.data.data.length > 0 ? (
        <>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Deliveries">
            {/* On a phone each row is a card: its status and next attempt first (portal.css). */}
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">Delivery</th>
                  <th scope="col">Event type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Next attempt</th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {log.data.data.map((delivery) => (
                  <tr key={delivery.id}>
                    <th scope="row" data-label="Delivery">
                      <Link href={`/portal/deliveries/${delivery.id}`}>#{delivery.id}</Link>
                    </th>
                    <td data-label="Event type">
                      <code>{delivery.event_type}</code>
                      {delivery.is_test ? (
                        <>
                          {' '}
                          <TestBadge />
                        </>
                      ) : null}
                    </td>
                    <td data-label="Status" className="table__state">
                      <DeliveryStatusBadge status={delivery.status} />
                    </td>
                    <td data-label="Attempts">{delivery.attempts}</td>
                    <td data-label="Next attempt" className="table__state">
                      {nextAttemptText(delivery)}
                    </td>
                    <td data-label="Last answer">
                      {delivery.last_response_status ?? delivery.last_error ?? '—'}
                    </td>
                    <td data-label="Duration">{formatMs(delivery.duration_ms)}</td>
                    <td data-label="Created">
                      <Time iso={delivery.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={log.data.meta} onPage={setPage} label="Delivery log pages" />
        </>
      ) : null}
    </section>
  )
}
