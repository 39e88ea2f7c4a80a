import type { PayloadRequest, Where } from 'payload'

import { badRequest } from '@/http/errors'
import { numberedPage, type NumberedPage } from '@/http/pageMeta'
import type { DeliveryStatus } from '../deliveryStatus'
import type { WebhookDelivery } from '@/payload-types'
import { findOwnSubscription } from './findOwnSubscription'

/**
 * Page `page` of the delivery log of the caller's subscription `subscriptionId` (404 for
 * anyone else's), newest first, narrowed by each filter given: the delivery's `status`, its
 * event's type (`eventType`, exactly), and when it was created (from `since`, inclusive, to
 * `until`, exclusive; `until` must come after `since`).
 */
export async function listDeliveries(args: {
  req: PayloadRequest
  subscriptionId: string
  status?: DeliveryStatus
  eventType?: string
  since?: Date
  until?: Date
  page: number
  perPage: number
}): Promise<NumberedPage<WebhookDelivery>> {
  const { req, status, eventType, since, until } = args
  if (since && until && until <= since) throw badRequest('until must be after since')
  const subscription = await findOwnSubscription(req, args.subscriptionId)
  const where: Where = {
    subscription: { equals: subscription.id },
    ...(status ? { status: { equals: status } } : {}),
    ...(eventType ? { eventType: { equals: eventType } } : {}),
    ...(since || until
      ? {
          createdAt: {
            ...(since ? { greater_than_equal: since.toISOString() } : {}),
            ...(until ? { less_than: until.toISOString() } : {}),
          },
        }
      : {}),
  }
  const result = await req.payload.find({
    collection: 'webhook-deliveries',
    where,
    user: req.user,
    overrideAccess: false,
    req,
    depth: 0,
    page: args.page,
    limit: args.perPage,
    sort: '-createdAt',
  })
  if (result.docs.length > 0 || args.page === 1) return numberedPage(result)
  // Past the last page the postgres adapter answers "page 1 of 0" when the query needs a join
  // (the access filter reaches the consumer through the subscription): count for the truth.
  const { totalDocs } = await req.payload.count({
    collection: 'webhook-deliveries',
    where,
    user: req.user,
    overrideAccess: false,
    req,
  })
  return { docs: [], page: args.page, perPage: args.perPage, total: totalDocs }
}
