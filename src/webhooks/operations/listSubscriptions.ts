import type { PayloadRequest } from 'payload'

import { numberedPage, type NumberedPage } from '@/http/pageMeta'
import type { WebhookSubscription } from '@/payload-types'

/**
 * Page `page` of the caller's subscriptions, newest first: the collection's read access
 * leaves a consumer its own only.
 */
export async function listSubscriptions(args: {
  req: PayloadRequest
  page: number
  perPage: number
}): Promise<NumberedPage<WebhookSubscription>> {
  const { req } = args
  const result = await req.payload.find({
    collection: 'webhook-subscriptions',
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
