import type { PayloadRequest } from 'payload'

import type { WebhookEventType } from '@/payload-types'

/** The active event types, by name: those a subscription may list. */
export async function listEventTypes(args: { req: PayloadRequest }): Promise<WebhookEventType[]> {
  const { docs } = await args.req.payload.find({
    collection: 'webhook-event-types',
    where: { isActive: { equals: true } },
    sort: 'name',
    limit: 0,
    pagination: false,
    depth: 0,
    req: args.req,
  })
  return docs
}
