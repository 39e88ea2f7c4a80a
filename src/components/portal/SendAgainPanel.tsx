'use client'

import { useId, useState, type FormEvent } from 'react'

import { ErrorMessage } from './ErrorMessage'
import { Field } from './Field'
import { fromLocalInput, toLocalInput } from './format'
import { callApi, type ApiError } from './portalApi'
import type { RecoveredEvents, ReplayedDeliveries } from '@/webhooks/contracts/deliveries'

type Outcome = { text: string } | { error: ApiError } | null

const dayAgo = () => toLocalInput(new Date(Date.now() - 24 * 3600_000))

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
  const [replayUntil, setReplayUntil] = useState('')
  const [next, setNext] = useState<{ afterId: number; remaining: number } | null>(null)
  const [replayOutcome, setReplayOutcome] = useState<Outcome>(null)
  const [recoverSince, setRecoverSince] = useState(dayAgo)
  const [recoverUntil, setRecoverUntil] = useState('')
  const [recoverOutcome, setRecoverOutcome] = useState<Outcome>(null)
  const [isBusy, setIsBusy] = useState(false)

  const replay = async (afterId?: number) => {
    setIsBusy(true)
    const result = await callApi<{ data: ReplayedDeliveries }>(
      `/webhooks/subscriptions/${subscriptionId}/replay`,
      {
        method: 'POST',
        body: {
          status,
          since: fromLocalInput(replaySince) || replaySince,
          ...(replayUntil ? { until: fromLocalInput(replayUntil) } : {}),
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
    setIsBusy(true)
    const result = await callApi<{ data: RecoveredEvents }>(
      `/webhooks/subscriptions/${subscriptionId}/recover`,
      {
        method: 'POST',
        body: {
          since: fromLocalInput(recoverSince) || recoverSince,
          ...(recoverUntil ? { until: fromLocalInput(recoverUntil) } : {}),
        },
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
          <TimeField
            id={`${id}-replay-since`}
            label="Events since"
            value={replaySince}
            onChange={setReplaySince}
            isRequired
          />
          <TimeField
            id={`${id}-replay-until`}
            label="Until (empty: now)"
            value={replayUntil}
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
          <TimeField
            id={`${id}-recover-since`}
            label="Events since"
            value={recoverSince}
            onChange={setRecoverSince}
            isRequired
          />
          <TimeField
            id={`${id}-recover-until`}
            label="Until (empty: now)"
            value={recoverUntil}
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

function TimeField({
  id,
  label,
  value,
  onChange,
  isRequired = false,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  isRequired?: boolean
}) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="datetime-local"
          value={value}
          required={isRequired}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
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
