import type { PayloadRequest, Where } from 'payload'

import { numberedPage, type NumberedPage } from '@/http/pageMeta'
import type { DeliveryStatus } from '../deliveryStatus'
import type { WebhookDelivery } from '@/payload-types'
import { findOwnSubscription } from './findOwnSubscription'

/**
 * Page `page` of the delivery log of the caller's subscription `subscriptionId` (404 for
 * anyone else's), newest first, only those in `status` when given.
 */
export async function listDeliveries(args: {
  req: PayloadRequest
  subscriptionId: string
  status?: DeliveryStatus
  page: number
  perPage: number
}): Promise<NumberedPage<WebhookDelivery>> {
  const { req, status } = args
  const subscription = await findOwnSubscription(req, args.subscriptionId)
  const where: Where = {
    subscription: { equals: subscription.id },
    ...(status ? { status: { equals: status } } : {}),
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
