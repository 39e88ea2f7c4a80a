import { describe, expect, it } from 'vitest'

import { eventCatalogue, WebhookEvents } from './eventCatalogue'

describe('event catalogue', () => {
  it('lists every event the service emits once', () => {
    const names = eventCatalogue.map((event) => event.name)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual(Object.values(WebhookEvents).sort())
  })

  it.each(eventCatalogue.map((event) => [event.name, event] as const))(
    '%s: the example payload has the documented shape',
    (_name, event) => {
      const result = event.payload.safeParse(event.examplePayload)
      expect(result.error?.issues ?? []).toEqual([])
    },
  )

  it('refuses a payload with a field the schema does not document', () => {
    const order = eventCatalogue.find((event) => event.name === WebhookEvents.OrderCreated)!
    expect(
      order.payload.safeParse({ ...order.examplePayload, customer_email: 'a@example.com' }).success,
    ).toBe(false)
  })
})

describe('eventCatalogue', () => {
  it('names every type <resource>.<action>, once', () => {
    const names = eventCatalogue.map((type) => type.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z]+\.[a-z]+$/)
  })
})
