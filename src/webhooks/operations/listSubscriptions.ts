import type { PayloadRequest } from 'payload'

import type { WebhookSubscription } from '@/payload-types'

/** A page of the caller's subscriptions. */
export type SubscriptionPage = {
  /** The subscriptions on this page, newest first. */
  subscriptions: WebhookSubscription[]
  /** The page number, from 1. */
  page: number
  /** How many subscriptions a page holds. */
  perPage: number
  /** How many subscriptions the caller has in all. */
  total: number
}

/**
 * Page `page` of the caller's subscriptions, newest first: the collection's read access
 * leaves a consumer its own only.
 */
export async function listSubscriptions(args: {
  req: PayloadRequest
  page: number
  perPage: number
}): Promise<SubscriptionPage> {
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
  return {
    subscriptions: result.docs,
    page: result.page ?? 1,
    perPage: result.limit,
    total: result.totalDocs,
  }
}
