import type { PayloadRequest } from 'payload'

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
  const result = await req.payload.find({
    collection: 'webhook-deliveries',
    where: {
      subscription: { equals: subscription.id },
      ...(status ? { status: { equals: status } } : {}),
    },
    user: req.user,
    overrideAccess: false,
    req,
    depth: 0,
    page: args.page,
    limit: args.perPage,
    sort: '-createdAt',
  })
  return numberedPage(result)
}
