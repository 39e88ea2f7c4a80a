'use client'

import Link from 'next/link'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { Field } from './Field'
import { prettyJson } from './format'
import { callApi, fieldErrorsOf, unchangedSince } from './portalApi'
import type { CreatedSubscription, Subscription } from '@/webhooks/contracts/subscriptions'
import { TextWithCode } from '../TextWithCode'
import { useEventTypes } from './portalData'

const fields = [
  'endpoint_url',
  'description',
  'events',
  'headers',
  'timeout_seconds',
  'max_deliveries_per_second',
  'filter',
  'ordered',
] as const
type FieldName = (typeof fields)[number]

const fieldLabels: Record<FieldName, string> = {
  endpoint_url: 'Endpoint URL',
  description: 'Description',
  events: 'Events',
  headers: 'Extra headers',
  timeout_seconds: 'Timeout',
  max_deliveries_per_second: 'Rate limit',
  filter: 'Filter',
  ordered: 'Ordered delivery',
}

type HeaderRow = { key: number; name: string; value: string }

type Props =
  | { mode: 'create'; onCreated: (created: CreatedSubscription) => void; onCancel?: never }
  | {
      mode: 'edit'
      subscription: Subscription
      onSaved: (subscription: Subscription) => void
      onCancel: () => void
      /** The endpoint changed after the form was opened (412): nothing was saved. */
      onStale: () => void
    }

/**
 * Create or edit an endpoint. The API validates: its refusals are shown beside the field they
 * concern (unknown events, a refused address, a bad filter...), and listed above the form.
 */
export function EndpointForm(props: Props) {
  const id = useId()
  const eventTypes = useEventTypes()
  const initial = props.mode === 'edit' ? props.subscription : null
  const [url, setUrl] = useState(initial?.endpoint_url ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [events, setEvents] = useState<string[]>(initial?.events ?? [])
  const [headers, setHeaders] = useState<HeaderRow[]>(() =>
    Object.entries(initial?.headers ?? {}).map(([name, value], key) => ({ key, name, value })),
  )
  const [timeout, setTimeoutSeconds] = useState(String(initial?.timeout_seconds ?? 10))
  const [rateLimit, setRateLimit] = useState(
    initial?.max_deliveries_per_second ? String(initial.max_deliveries_per_second) : '',
  )
  const [filter, setFilter] = useState(initial?.filter ? prettyJson(initial.filter) : '')
  const [ordered, setOrdered] = useState(initial?.ordered ?? false)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [isBusy, setIsBusy] = useState(false)
  const summaryRef = useRef<HTMLDivElement>(null)
  const hasErrors = Object.keys(errors).length > 0

  useEffect(() => {
    if (hasErrors) summaryRef.current?.focus()
  }, [errors, hasErrors])

  const fieldId = (field: FieldName) => `${id}-${field}`

  const isAll = events.includes('*')
  // A type the consumer is not granted is shown, but not offered: ticking it would be refused.
  const offered = new Set((eventTypes ?? []).map((eventType) => eventType.name))
  // Names the endpoint lists that the catalogue no longer offers stay shown (unticked once
  // unticked), so that they can be dropped knowingly.
  const retired = [...new Set([...(initial?.events ?? []), ...events])].filter(
    (name) => name !== '*' && !offered.has(name),
  )
  const names = [...offered, ...retired]
  const toggleEvent = (name: string, isOn: boolean) =>
    setEvents((current) => (isOn ? [...current, name] : current.filter((item) => item !== name)))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    let parsedFilter: unknown = null
    if (filter.trim() !== '') {
      try {
        parsedFilter = JSON.parse(filter)
      } catch (cause) {
        setErrors({ filter: [`This is not valid JSON: ${(cause as Error).message}`] })
        return
      }
    }
    const isCreate = props.mode === 'create'
    const numberOrText = (text: string) => (Number.isFinite(Number(text)) ? Number(text) : text)
    const body: Record<string, unknown> = {
      endpoint_url: url.trim(),
      events: isAll ? ['*'] : events,
      headers: Object.fromEntries(
        headers.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]),
      ),
      ordered,
    }
    if (description.trim() !== '') body.description = description
    else if (!isCreate) body.description = null
    if (timeout.trim() !== '') body.timeout_seconds = numberOrText(timeout.trim())
    if (rateLimit.trim() !== '') body.max_deliveries_per_second = numberOrText(rateLimit.trim())
    else if (!isCreate) body.max_deliveries_per_second = null
    if (filter.trim() !== '') body.filter = parsedFilter
    else if (!isCreate) body.filter = null

    setIsBusy(true)
    const result = isCreate
      ? await callApi<CreatedSubscription>('/webhooks/subscriptions', { method: 'POST', body })
      : await callApi<{ data: Subscription }>(`/webhooks/subscriptions/${props.subscription.id}`, {
          method: 'PATCH',
          body,
          headers: unchangedSince(props.subscription),
        })
    setIsBusy(false)
    if (!result.ok && result.status === 412 && props.mode === 'edit') {
      props.onStale()
      return
    }
    if (!result.ok) {
      setErrors(fieldErrorsOf(result.error, fields))
      return
    }
    setErrors({})
    if (props.mode === 'create') props.onCreated(result.data as CreatedSubscription)
    else props.onSaved((result.data as { data: Subscription }).data)
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={props.mode === 'create' ? 'visually-hidden' : undefined}>
        {props.mode === 'create' ? 'New endpoint' : 'Edit endpoint'}
      </h2>
      {hasErrors ? (
        <div className="error-summary" ref={summaryRef} tabIndex={-1} role="alert">
          <h3>The endpoint was not saved</h3>
          <ul>
            {Object.entries(errors).flatMap(([field, messages]) =>
              messages.map((message, index) => (
                <li key={`${field}-${index}`}>
                  {field in fieldLabels ? (
                    <a href={`#${fieldId(field as FieldName)}`}>
                      {fieldLabels[field as FieldName]}: {message}
                    </a>
                  ) : (
                    message
                  )}
                </li>
              )),
            )}
          </ul>
        </div>
      ) : null}

      <Field
        id={fieldId('endpoint_url')}
        label={
          <>
            Endpoint URL <span className="field__required">(required)</span>
          </>
        }
        hint={
          <>
            An <code>https://</code> address of yours on the public internet. We sign every delivery
            we send to it.
          </>
        }
        errors={errors.endpoint_url}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            type="url"
            inputMode="url"
            autoComplete="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            required
          />
        )}
      </Field>

      <Field
        id={fieldId('description')}
        label={
          <>
            Description <span className="field__optional">(optional)</span>
          </>
        }
        hint="A note for your team, e.g. which system receives these events."
        errors={errors.description}
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>

      <Field
        kind="group"
        id={fieldId('events')}
        label={
          <>
            Events <span className="field__required">(required)</span>
          </>
        }
        hint={
          <>
            Choose the event types this endpoint receives (
            <Link href="/portal/events">what each one contains</Link>).
          </>
        }
        errors={errors.events}
      >
        {(group) => (
          <>
            <div className="checkbox">
              <input
                type="checkbox"
                id={`${id}-event-all`}
                checked={isAll}
                onChange={(event) => toggleEvent('*', event.target.checked)}
                aria-describedby={`${id}-event-all-hint`}
                aria-invalid={group['aria-invalid']}
              />
              <label htmlFor={`${id}-event-all`}>
                All events (<code>*</code>)
              </label>
              <p id={`${id}-event-all-hint`} className="checkbox__hint">
                Every type, including those added later.
              </p>
            </div>
            {eventTypes === null ? <p role="status">Loading the event types…</p> : null}
            <div className="checkbox-grid">
              {names.map((name, index) => {
                const eventType = eventTypes?.find((type) => type.name === name)
                const isListed = events.includes(name) || isAll
                const isRefused = eventType?.is_granted === false
                const grantHint = !isRefused
                  ? null
                  : isListed
                    ? `Not sent to you: it needs the \`${eventType.grant}\` grant, which you do not hold.`
                    : `Needs the \`${eventType.grant}\` grant, which you do not hold: an administrator gives grants.`
                const hint =
                  grantHint ??
                  eventType?.description ??
                  (eventTypes && !eventType
                    ? 'No longer offered: untick it to save changes.'
                    : null)
                return (
                  <div className="checkbox" key={name}>
                    <input
                      type="checkbox"
                      id={`${id}-event-${index}`}
                      checked={isAll ? !isRefused : events.includes(name)}
                      disabled={isAll || (isRefused && !events.includes(name))}
                      onChange={(event) => toggleEvent(name, event.target.checked)}
                      aria-describedby={hint ? `${id}-event-${index}-hint` : undefined}
                      aria-invalid={group['aria-invalid']}
                    />
                    <label htmlFor={`${id}-event-${index}`}>
                      <code>{name}</code>
                    </label>
                    {hint ? (
                      <p id={`${id}-event-${index}-hint`} className="checkbox__hint">
                        <TextWithCode text={hint} />
                      </p>
                    ) : null}
                  </div>
                )
              })}
            </div>
          </>
        )}
      </Field>

      <Field
        kind="group"
        id={fieldId('headers')}
        label={
          <>
            Extra headers <span className="field__optional">(optional)</span>
          </>
        }
        hint={
          <>
            Sent with every delivery, e.g. a token your receiver also checks. Our own headers (
            <code>content-type</code>, <code>webhook-*</code>, …) cannot be replaced.
          </>
        }
        errors={errors.headers}
      >
        {(group) => (
          <>
            {headers.map((row, index) => (
              <div className="header-row" key={row.key}>
                <div>
                  <label htmlFor={`${id}-header-name-${row.key}`} className="field__sublabel">
                    Header {index + 1} name
                  </label>
                  <input
                    id={`${id}-header-name-${row.key}`}
                    className="input input--mono"
                    value={row.name}
                    autoComplete="off"
                    aria-invalid={group['aria-invalid']}
                    onChange={(event) =>
                      setHeaders((rows) =>
                        rows.map((item) =>
                          item.key === row.key ? { ...item, name: event.target.value } : item,
                        ),
                      )
                    }
                  />
                </div>
                <div>
                  <label htmlFor={`${id}-header-value-${row.key}`} className="field__sublabel">
                    Header {index + 1} value
                  </label>
                  <input
                    id={`${id}-header-value-${row.key}`}
                    className="input input--mono"
                    value={row.value}
                    autoComplete="off"
                    aria-invalid={group['aria-invalid']}
                    onChange={(event) =>
                      setHeaders((rows) =>
                        rows.map((item) =>
                          item.key === row.key ? { ...item, value: event.target.value } : item,
                        ),
                      )
                    }
                  />
                </div>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setHeaders((rows) => rows.filter((item) => item.key !== row.key))}
                >
                  Remove header {index + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button"
              onClick={() =>
                setHeaders((rows) => [
                  ...rows,
                  { key: Math.max(-1, ...rows.map((item) => item.key)) + 1, name: '', value: '' },
                ])
              }
            >
              Add a header
            </button>
          </>
        )}
      </Field>

      <div className="field-pair">
        <Field
          id={fieldId('timeout_seconds')}
          label="Timeout (seconds)"
          hint="How long we wait for your answer: 1 to 30."
          errors={errors.timeout_seconds}
        >
          {(control) => (
            <input
              {...control}
              className="input input--short"
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              value={timeout}
              onChange={(event) => setTimeoutSeconds(event.target.value)}
            />
          )}
        </Field>
        <Field
          id={fieldId('max_deliveries_per_second')}
          label={
            <>
              Rate limit (deliveries a second) <span className="field__optional">(optional)</span>
            </>
          }
          hint="Empty: as fast as they come."
          errors={errors.max_deliveries_per_second}
        >
          {(control) => (
            <input
              {...control}
              className="input input--short"
              type="number"
              inputMode="numeric"
              min={1}
              value={rateLimit}
              onChange={(event) => setRateLimit(event.target.value)}
            />
          )}
        </Field>
      </div>

      <Field
        id={fieldId('filter')}
        label={
          <>
            Filter (JSON) <span className="field__optional">(optional)</span>
          </>
        }
        hint={
          <>
            Only events whose data contains this JSON object are sent, e.g.{' '}
            <code>{'{ "status": "paid" }'}</code>. Empty: every event of the chosen types.
          </>
        }
        errors={errors.filter}
      >
        {(control) => (
          <textarea
            {...control}
            className="input input--mono"
            rows={4}
            spellCheck={false}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        )}
      </Field>

      <Field
        kind="checkbox"
        id={fieldId('ordered')}
        label="Ordered delivery"
        hint="Events about the same object (one order, one article) arrive in the order they happened: while one is retried, the later ones wait."
        errors={errors.ordered}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={ordered}
            onChange={(event) => setOrdered(event.target.checked)}
          />
        )}
      </Field>

      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={isBusy}>
          {props.mode === 'create' ? 'Create endpoint' : 'Save changes'}
        </button>
        {props.mode === 'edit' ? (
          <button type="button" className="button button--quiet" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
        <span role="status" className="status-line">
          {isBusy ? 'Saving…' : ''}
        </span>
      </div>
    </form>
  )
}
