import { z } from 'zod'

import { eventCatalogue } from './eventCatalogue'
import { payloadFields, type PayloadField } from './payloadFields'

/** What a person reads of one event type of the catalogue, all of it from its payload schema. */
export type EventTypeDocs = {
  /** The table of its `data`'s fields. */
  fields: PayloadField[]
  /** The catalogue's example of its `data` (synthetic: it names no real record). */
  example: Record<string, unknown>
  /** The JSON Schema of its `data` (2020-12), which the example satisfies. */
  payloadSchema: Record<string, unknown>
}

/** zod renders `.int()` with JavaScript's safe-integer bounds; they say nothing to a reader. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(
        ([key, item]) =>
          !(key === 'maximum' && item === Number.MAX_SAFE_INTEGER) &&
          !(key === 'minimum' && item === Number.MIN_SAFE_INTEGER),
      )
      .map(([key, item]) => [key, withoutSafeIntegerBounds(item)]),
  )
}

/** Built on first use: the domains register their types when the app's modules load. */
let docsByName: Map<string, EventTypeDocs> | undefined
const docsOfCatalogue = () =>
  new Map<string, EventTypeDocs>(
    eventCatalogue.map((type) => {
      const payloadSchema = withoutSafeIntegerBounds(
        z.toJSONSchema(type.payload, { io: 'output' }),
      ) as Record<string, unknown>
      return [
        type.name,
        { fields: payloadFields(payloadSchema), example: type.examplePayload, payloadSchema },
      ]
    }),
  )

/** The docs of catalogue type `name`; `null` for a name the service never emits. */
export function eventTypeDocs(name: string): EventTypeDocs | null {
  if (docsByName?.size !== eventCatalogue.length) docsByName = docsOfCatalogue()
  return docsByName.get(name) ?? null
}
