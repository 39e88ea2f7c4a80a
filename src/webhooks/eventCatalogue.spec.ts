import { z } from 'zod'
import { describe, expect, it } from 'vitest'

import {
  eventCatalogue,
  grantCatalogue,
  registerEventTypes,
  WebhookEvents,
  type EventTypeDefinition,
} from './eventCatalogue'

/** A made-up domain's type (the engine knows no real one). */
const parcelShipped: EventTypeDefinition = {
  name: 'parcel.shipped',
  description: 'A parcel left the warehouse.',
  payload: z.strictObject({ id: z.int() }),
  examplePayload: { id: 1 },
  orderingKey: 'parcel:{id}',
  grant: 'parcels',
}
const parcels = { name: 'parcels', label: 'Parcels', description: 'Where parcels go.' }

describe('registerEventTypes', () => {
  it('adds a domain’s types before webhook.test, and its grants after content', () => {
    registerEventTypes({ grants: [parcels], events: [parcelShipped] })
    expect(eventCatalogue.map((type) => type.name).slice(-2)).toEqual([
      'parcel.shipped',
      WebhookEvents.Test,
    ])
    expect(grantCatalogue.map((grant) => grant.name)).toEqual(['content', 'parcels'])
  })

  it('changes nothing when the same definitions come again', () => {
    const before = eventCatalogue.length
    registerEventTypes({ grants: [parcels], events: [parcelShipped] })
    expect(eventCatalogue.length).toBe(before)
  })

  it('refuses another definition under a known name, a grant nobody declares, a bad name', () => {
    expect(() => registerEventTypes({ events: [{ ...parcelShipped }] })).toThrow(/twice/)
    expect(() =>
      registerEventTypes({ events: [{ ...parcelShipped, name: 'parcel.lost', grant: 'nope' }] }),
    ).toThrow(/nope/)
    expect(() =>
      registerEventTypes({
        events: [{ ...parcelShipped, name: 'Parcel Lost' as never, grant: null }],
      }),
    ).toThrow(/Bad event type name/)
  })
})
