'use client'

import { useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import { useEffect, useId, useState, type CSSProperties } from 'react'

import { TextWithCode } from '../TextWithCode'
import { descriptionOf, labelOf } from './fieldLabel'

/** An event type of the catalogue, as `GET /api/webhook-event-types` gives it. */
type EventType = { name: string; description?: string | null }

type Catalogue =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; types: EventType[] }

const allEvents = '*'

const row: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '8px',
  alignItems: 'start',
  alignContent: 'start',
  margin: '6px 0',
}
const hint: CSSProperties = {
  gridColumn: 2,
  color: 'var(--theme-elevation-500)',
  fontSize: '13px',
  margin: 0,
}
const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: '0 24px',
  marginTop: '8px',
  paddingTop: '8px',
  borderTop: '1px solid var(--theme-elevation-150)',
}
const mono: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
}

/**
 * The catalogue's active types by name, a page of 100 at a time (the most Payload's lists
 * answer anyone but an admin: `MAX_PAGE_SIZE`).
 */
async function activeEventTypes(signal: AbortSignal): Promise<EventType[]> {
  const types: EventType[] = []
  for (let page = 1; ; page++) {
    const response = await fetch(
      `/api/webhook-event-types?where[isActive][equals]=true&sort=name&limit=100&page=${page}&depth=0`,
      { credentials: 'include', signal },
    )
    if (!response.ok) throw new Error(`the catalogue answered ${response.status}`)
    const body = (await response.json()) as { docs: EventType[]; hasNextPage: boolean }
    types.push(...body.docs)
    if (!body.hasNextPage) return types
  }
}

/**
 * A subscription's `events` (a JSON list of names) as checkboxes: "All events" (`*`), then each
 * active type of the catalogue (`webhook-event-types`). A name the subscription holds that the
 * catalogue no longer offers stays listed, ticked, until it is unticked. The stored shape is
 * the API's: a list of names.
 */
export const EventTypesField: JSONFieldClientComponent = ({ field, path, readOnly }) => {
  const { value, setValue, showError, errorMessage, disabled } = useField<unknown>({ path })
  const [catalogue, setCatalogue] = useState<Catalogue>({ kind: 'loading' })
  const id = useId()
  const isReadOnly = Boolean(readOnly || disabled)

  useEffect(() => {
    const controller = new AbortController()
    activeEventTypes(controller.signal)
      .then((types) => {
        setCatalogue({ kind: 'ready', types: types.filter((type) => type.name !== allEvents) })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setCatalogue({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        })
      })
    return () => controller.abort()
  }, [])

  const selected = Array.isArray(value)
    ? value.filter((name): name is string => typeof name === 'string')
    : []
  const isAll = selected.includes(allEvents)
  const offered = catalogue.kind === 'ready' ? catalogue.types : []
  const notOffered = selected.filter(
    (name) => name !== allEvents && !offered.some((type) => type.name === name),
  )

  const toggle = (name: string, isTicked: boolean) => {
    if (name === allEvents) {
      setValue(isTicked ? [allEvents] : [])
      return
    }
    const rest = selected.filter((other) => other !== name && other !== allEvents)
    setValue(isTicked ? [...rest, name] : rest)
  }

  const description = descriptionOf(field)
  const errorId = `${id}-error`
  const describedBy = [description ? `${id}-description` : '', showError ? errorId : '']
    .filter(Boolean)
    .join(' ')

  const checkbox = (name: string, label: string, hintText?: string | null, isDisabled = false) => {
    const inputId = `${id}-${name}`
    return (
      <div style={row} key={name}>
        <input
          type="checkbox"
          id={inputId}
          checked={name === allEvents ? isAll : isAll || selected.includes(name)}
          disabled={isReadOnly || isDisabled}
          onChange={(event) => toggle(name, event.target.checked)}
          aria-describedby={hintText ? `${inputId}-hint` : undefined}
        />
        <label htmlFor={inputId} style={name === allEvents ? undefined : mono}>
          {label}
        </label>
        {hintText ? (
          <p id={`${inputId}-hint`} style={hint}>
            <TextWithCode text={hintText} />
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <fieldset
      className="field-type event-types-field"
      aria-describedby={describedBy || undefined}
      aria-invalid={showError || undefined}
      style={{ border: 0, padding: 0, margin: '0 0 24px', minWidth: 0 }}
    >
      <legend className="field-label" style={{ padding: 0 }}>
        {labelOf(field)}
        {field.required ? (
          <span className="required" aria-hidden="true" style={{ color: 'var(--theme-error-500)' }}>
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {description ? (
        <p id={`${id}-description`} className="field-description" style={{ marginTop: 0 }}>
          {description}
        </p>
      ) : null}
      {showError && errorMessage ? (
        <p id={errorId} role="alert" style={{ color: 'var(--theme-error-500)', fontWeight: 600 }}>
          {errorMessage}
        </p>
      ) : null}
      {checkbox(
        allEvents,
        'All events (*)',
        'Every event type, including those added later. Untick to choose types one by one.',
      )}
      <div style={grid}>
        {catalogue.kind === 'loading' ? (
          <p role="status">Loading the event types…</p>
        ) : catalogue.kind === 'failed' ? (
          <p role="alert">The event types could not be read ({catalogue.message}).</p>
        ) : (
          offered.map((type) => checkbox(type.name, type.name, type.description, isAll))
        )}
        {catalogue.kind === 'ready'
          ? notOffered.map((name) =>
              checkbox(name, name, 'No longer offered: untick it to remove it.', isAll),
            )
          : null}
      </div>
    </fieldset>
  )
}
