'use client'

import { useId, useState, type FormEvent } from 'react'

import { ErrorMessage } from './ErrorMessage'
import { DateFilter } from './DateFilter'
import { datePartsOf, datePartsToIso, noDate, type DateParts } from './dateParts'
import { callApi, type ApiError } from './portalApi'
import type { RecoveredEvents, ReplayedDeliveries } from '@/webhooks/contracts/deliveries'

type Outcome = { text: string } | { error: ApiError } | null

const dayAgo = () => datePartsOf(new Date(Date.now() - 24 * 3600_000))

/** A period's two ends as the API takes them, or the message of the end that is no date. */
function periodOf(
  since: DateParts,
  until: DateParts,
): { since: string; until?: string } | { error: PeriodErrors } {
  const [from, to] = [datePartsToIso(since), datePartsToIso(until)]
  if (typeof from !== 'string') return { error: { since: from.error } }
  if (typeof to !== 'string') return { error: { until: to.error } }
  if (!from) return { error: { since: 'Enter when the period starts.' } }
  return { since: from, ...(to ? { until: to } : {}) }
}

type PeriodErrors = { since?: string; until?: string }

/**
 * Send deliveries again in bulk: replay the failed or given-up ones of a period (page after
 * page, `after_id`), or recover the events the endpoint missed (while it was disabled...).
 */
export function SendAgainPanel({
  subscriptionId,
  onQueued,
}: {
  subscriptionId: string
  onQueued: () => void
}) {
  const id = useId()
  const [status, setStatus] = useState<'dead' | 'failed'>('dead')
  const [replaySince, setReplaySince] = useState(dayAgo)
  const [replayUntil, setReplayUntil] = useState(noDate)
  const [replayErrors, setReplayErrors] = useState<PeriodErrors>({})
  const [next, setNext] = useState<{ afterId: number; remaining: number } | null>(null)
  const [replayOutcome, setReplayOutcome] = useState<Outcome>(null)
  const [recoverSince, setRecoverSince] = useState(dayAgo)
  const [recoverUntil, setRecoverUntil] = useState(noDate)
  const [recoverErrors, setRecoverErrors] = useState<PeriodErrors>({})
  const [recoverOutcome, setRecoverOutcome] = useState<Outcome>(null)
  const [isBusy, setIsBusy] = useState(false)

  const replay = async (afterId?: number) => {
    const period = periodOf(replaySince, replayUntil)
    setReplayErrors('error' in period ? period.error : {})
    if ('error' in period) return
    setIsBusy(true)
    const result = await callApi<{ data: ReplayedDeliveries }>(
      `/webhooks/subscriptions/${subscriptionId}/replay`,
      {
        method: 'POST',
        body: {
          status,
          ...period,
          ...(afterId === undefined ? {} : { after_id: afterId }),
        },
      },
    )
    setIsBusy(false)
    if (!result.ok) {
      setReplayOutcome({ error: result.error })
      return
    }
    const { queued, remaining, next_after_id: nextAfterId } = result.data.data
    setNext(nextAfterId === null ? null : { afterId: nextAfterId, remaining })
    setReplayOutcome({
      text:
        `Queued ${queued} ${status} ${queued === 1 ? 'delivery' : 'deliveries'} again.` +
        (remaining > 0 ? ` ${remaining} more remain.` : ''),
    })
    onQueued()
  }

  const recover = async (event: FormEvent) => {
    event.preventDefault()
    const period = periodOf(recoverSince, recoverUntil)
    setRecoverErrors('error' in period ? period.error : {})
    if ('error' in period) return
    setIsBusy(true)
    const result = await callApi<{ data: RecoveredEvents }>(
      `/webhooks/subscriptions/${subscriptionId}/recover`,
      {
        method: 'POST',
        body: period,
      },
    )
    setIsBusy(false)
    if (!result.ok) {
      setRecoverOutcome({ error: result.error })
      return
    }
    const { queued } = result.data.data
    setRecoverOutcome({
      text: `Queued ${queued} missed ${queued === 1 ? 'event' : 'events'}.`,
    })
    onQueued()
  }

  return (
    <section className="panel" aria-labelledby="again-heading">
      <h2 id="again-heading">Send again</h2>
      <div className="two-columns">
        <form
          className="form form--compact"
          aria-labelledby={`${id}-replay`}
          onSubmit={(event) => {
            event.preventDefault()
            setNext(null)
            void replay()
          }}
        >
          <h3 id={`${id}-replay`}>Replay failed deliveries</h3>
          <p className="field__hint">
            Sends again, at once, the deliveries of a period that failed (waiting for a retry) or
            were given up (dead), up to 1,000 a time.
          </p>
          <fieldset className="fieldset fieldset--inline">
            <legend className="field__label">Which deliveries</legend>
            {(['dead', 'failed'] as const).map((value) => (
              <div className="checkbox" key={value}>
                <input
                  type="radio"
                  id={`${id}-status-${value}`}
                  name={`${id}-status`}
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                />
                <label htmlFor={`${id}-status-${value}`}>
                  {value === 'dead' ? 'Given up (dead)' : 'Failed, waiting for a retry'}
                </label>
              </div>
            ))}
          </fieldset>
          <DateFilter
            id={`${id}-replay-since`}
            legend="Events since"
            value={replaySince}
            error={replayErrors.since}
            onChange={setReplaySince}
          />
          <DateFilter
            id={`${id}-replay-until`}
            legend="Until (empty: now)"
            value={replayUntil}
            error={replayErrors.until}
            onChange={setReplayUntil}
          />
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={isBusy}>
              Replay
            </button>
            {next ? (
              <button
                type="button"
                className="button"
                disabled={isBusy}
                onClick={() => void replay(next.afterId)}
              >
                Queue the next {Math.min(next.remaining, 1000)}
              </button>
            ) : null}
          </div>
          <Outcome outcome={replayOutcome} what="Nothing was replayed" />
        </form>

        <form className="form form--compact" aria-labelledby={`${id}-recover`} onSubmit={recover}>
          <h3 id={`${id}-recover`}>Recover missed events</h3>
          <p className="field__hint">
            Queues the events of a period that this endpoint did not receive: those that happened
            while it was paused or disabled, and deliveries that were given up. Events are kept for
            30 days; nothing is sent twice.
          </p>
          <DateFilter
            id={`${id}-recover-since`}
            legend="Events since"
            value={recoverSince}
            error={recoverErrors.since}
            onChange={setRecoverSince}
          />
          <DateFilter
            id={`${id}-recover-until`}
            legend="Until (empty: now)"
            value={recoverUntil}
            error={recoverErrors.until}
            onChange={setRecoverUntil}
          />
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={isBusy}>
              Recover
            </button>
          </div>
          <Outcome outcome={recoverOutcome} what="Nothing was recovered" />
        </form>
      </div>
    </section>
  )
}

function Outcome({ outcome, what }: { outcome: Outcome; what: string }) {
  return (
    <div aria-live="polite" className="live-region">
      {outcome && 'text' in outcome ? (
        <p className="message message--good">{outcome.text}</p>
      ) : null}
      {outcome && 'error' in outcome ? <ErrorMessage error={outcome.error} what={what} /> : null}
    </div>
  )
}
