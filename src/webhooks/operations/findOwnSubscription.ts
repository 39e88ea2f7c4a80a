import type { PayloadRequest } from 'payload'

import { notFound } from '@/http/errors'

/**
 * The subscription `id` as the caller may see it; another consumer's is a 404, exactly like
 * one that does not exist, so that ids of others cannot be probed.
 */
export async function findOwnSubscription(req: PayloadRequest, id: string) {
  const subscription = await req.payload.findByID({
    collection: 'webhook-subscriptions',
    id,
    req,
    user: req.user,
    overrideAccess: false,
    depth: 0,
    disableErrors: true,
  })
  if (!subscription) throw notFound('No such webhook subscription')
  return subscription
}
