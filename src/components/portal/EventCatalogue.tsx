'use client'

import { useMemo } from 'react'

import { ErrorMessage } from './ErrorMessage'
import { prettyJson } from './format'
import type { EventType } from '@/webhooks/contracts/eventTypes'
import type { Paged } from '@/webhooks/contracts/paging'
import { TextWithCode } from './TextWithCode'
import { eventTypesPath, usePortalData } from './portalData'

type OpenApiDocument = {
  webhooks?: Record<
    string,
    { post?: { requestBody?: { content?: Record<string, { schema?: unknown }> } } }
  >
  components?: { schemas?: Record<string, unknown> }
}

/**
 * The `data` schema of each event type from the API reference (`/api/openapi.json`, the
 * catalogue's own payload schemas), with its `$ref`s written out: for an event-types answer
 * that carries no schema.
 */
function schemasFromReference(document: OpenApiDocument) {
  const components = document.components?.schemas ?? {}
  const inline = (value: unknown, seen: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, seen))
    if (!value || typeof value !== 'object') return value
    const { $ref: ref, ...rest } = value as { $ref?: unknown }
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length)
      if (seen.includes(name) || !(name in components)) return value
      return inline({ ...(components[name] as object), ...rest }, [...seen, name])
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inline(item, seen)]))
  }
  const schemas: Record<string, unknown> = {}
  for (const [name, webhook] of Object.entries(document.webhooks ?? {})) {
    const envelope = webhook.post?.requestBody?.content?.['application/json']?.schema as
      { properties?: { data?: unknown } } | undefined
    const data = inline(envelope, [])
    if (data && typeof data === 'object' && 'properties' in data) {
      schemas[name] = (data as { properties: { data?: unknown } }).properties.data
    }
  }
  return schemas
}

/** `/portal/events`: every event type with its description, payload schema and example. */
export function EventCatalogue() {
  const [list] =
    usePortalData<Paged<EventType & { schema?: unknown; payload_schema?: unknown }>>(eventTypesPath)
  const needsReference =
    list.kind === 'ready' &&
    list.data.data.some((type) => type.schema === undefined && type.payload_schema === undefined)
  // Read only when a type comes without its schema; unreadable: "Not available.".
  const [reference] = usePortalData<OpenApiDocument>(needsReference ? '/api/openapi.json' : null)
  const referenceDocument = reference.kind === 'ready' ? reference.data : null
  const fromReference = useMemo(
    () => referenceDocument && schemasFromReference(referenceDocument),
    [referenceDocument],
  )
  const referenceSchemas: Record<string, unknown> | null =
    reference.kind === 'failed' ? {} : fromReference

  return (
    <>
      <h1>Event types</h1>
      <p className="lead">
        What each event means and the <code>data</code> it carries. Each delivery is a POST of{' '}
        <code>{'{ id, type, timestamp, data }'}</code>.
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
          {list.data.data.map((type) => {
            const schema =
              type.schema ?? type.payload_schema ?? referenceSchemas?.[type.name] ?? undefined
            return (
              <section
                key={type.name}
                id={`event-${type.name}`}
                className="panel"
                aria-labelledby={`event-${type.name}-heading`}
                tabIndex={-1}
              >
                <h2 id={`event-${type.name}-heading`}>
                  <code>{type.name}</code>
                </h2>
                <p>
                  <TextWithCode text={type.description ?? 'No description.'} />
                </p>
                <div className="two-columns">
                  <div>
                    <h3>Payload schema</h3>
                    {schema === undefined ? (
                      <p role="status">
                        {referenceSchemas === null ? 'Loading…' : 'Not available.'}
                      </p>
                    ) : (
                      <pre className="code-block" tabIndex={0}>
                        {prettyJson(schema)}
                      </pre>
                    )}
                  </div>
                  <div>
                    <h3>Example</h3>
                    <pre className="code-block" tabIndex={0}>
                      {prettyJson(type.example_payload)}
                    </pre>
                  </div>
                </div>
              </section>
            )
          })}
        </>
      ) : null}
    </>
  )
}
