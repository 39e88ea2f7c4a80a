import type { Payload } from 'payload'

import { eventCatalogue } from '@/webhooks/eventCatalogue'

/** The event types of the catalogue; types that already exist (perhaps edited by admins) stay as they are. */
export async function seedWebhookEventTypes(payload: Payload) {
  const { docs } = await payload.find({
    collection: 'webhook-event-types',
    limit: 0,
    pagination: false,
    depth: 0,
  })
  const existing = new Set(docs.map((doc) => doc.name))
  for (const type of eventCatalogue) {
    if (existing.has(type.name)) continue
    await payload.create({
      collection: 'webhook-event-types',
      data: {
        name: type.name,
        description: type.description,
        examplePayload: type.examplePayload,
        isActive: true,
      },
    })
  }
}
