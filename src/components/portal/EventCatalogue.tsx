'use client'

import { ErrorMessage } from './ErrorMessage'
import { prettyJson } from './format'
import type { EventField, EventType } from '@/webhooks/contracts/eventTypes'
import type { Paged } from '@/webhooks/contracts/paging'
import { TextWithCode } from '../TextWithCode'
import { eventTypesPath, usePortalData } from './portalData'

/**
 * `/portal/events`: every event type with what it means, the table of its `data`'s fields
 * (name, type, meaning), an example, and its JSON Schema folded away; all of it as
 * `GET /webhooks/event-types` answers it, from the catalogue's payload schemas.
 */
export function EventCatalogue() {
  const [list] = usePortalData<Paged<EventType>>(eventTypesPath)
  return (
    <>
      <h1>Event types</h1>
      <p className="lead">
        What each event means and the <code>data</code> it carries. Each delivery is a POST of{' '}
        <code>{'{ id, type, timestamp, data }'}</code>; a test you send from an endpoint&apos;s page
        carries its type&apos;s example below, with <code>{'"test": true'}</code>.
      </p>
      {list.kind === 'loading' ? <p role="status">Loading the event types…</p> : null}
      {list.kind === 'failed' ? (
        <ErrorMessage error={list.error} what="The event types could not be read" />
      ) : null}
      {list.kind === 'ready' ? (
        <>
          <nav aria-label="Event types on this page" className="toc">
            <ul>
              {list.data.data.map((type) => (
                <li key={type.name}>
                  <a href={`#event-${type.name}`}>
                    <code>{type.name}</code>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {list.data.data.map((type) => (
            <EventTypeSection key={type.name} type={type} />
          ))}
        </>
      ) : null}
    </>
  )
}

function EventTypeSection({ type }: { type: EventType }) {
  const id = `event-${type.name}`
  return (
    <section id={id} className="panel" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`}>
        <code>{type.name}</code>
      </h2>
      <p>
        <TextWithCode text={type.description ?? 'No description.'} />
      </p>
      {type.grant ? (
        <p className="event-grant">
          <TextWithCode
            text={
              type.is_granted === false
                ? `Needs the \`${type.grant}\` grant, which you do not hold: you cannot subscribe to it (an administrator gives grants).`
                : `Needs the \`${type.grant}\` grant, which you hold.`
            }
          />
        </p>
      ) : null}
      <h3 id={`${id}-fields`}>
        Fields of <code>data</code>
      </h3>
      {type.fields.length ? (
        <FieldTable name={type.name} fields={type.fields} />
      ) : (
        <p>Not described: see the example.</p>
      )}
      <section aria-labelledby={`${id}-example`}>
        <h3 id={`${id}-example`}>Example</h3>
        <pre className="code-block" tabIndex={0} aria-labelledby={`${id}-example`}>
          {prettyJson(type.example_payload)}
        </pre>
      </section>
      {type.payload_schema ? (
        <details className="disclosure">
          <summary>JSON Schema</summary>
          <pre className="code-block" tabIndex={0}>
            {prettyJson(type.payload_schema)}
          </pre>
        </details>
      ) : null}
    </section>
  )
}

function FieldTable({ name, fields }: { name: string; fields: EventField[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={`Fields of ${name}`}>
      {/* On a phone each field is a card, its type first (portal.css). */}
      <table className="table table--compact table--cards">
        <caption className="visually-hidden">Fields of {name}: name, type and meaning</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <th scope="row" data-label="Field">
                <code>{field.name}</code>
              </th>
              <td data-label="Type" className="table__state">
                {field.type}
                {field.required ? null : <span className="field__optional"> (optional)</span>}
              </td>
              <td data-label="Meaning">
                <TextWithCode text={field.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
