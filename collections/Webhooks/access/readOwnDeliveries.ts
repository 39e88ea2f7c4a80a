import type { Access } from 'payload'

import { hasAdminRole, isConsumer } from '@/identity/roles'

/**
 * Deliveries: admins read every one; a consumer those of its own subscriptions, named by id;
 * everyone else none. (`isOwningConsumer('subscription.consumer')` reached the subscription by a
 * join, and a join condition cannot lead PostgreSQL into the partial indexes by subscription
 * that hold the deliveries, src/webhooks/schema/webhookIndexes.ts: a consumer's list of all its
 * deliveries read the whole table. The ids are read here, by the subscriptions' consumer index.)
 */
export const readOwnDeliveries: Access = async ({ req }) => {
  const { user } = req
  if (hasAdminRole(user)) return true
  if (!user || !isConsumer(user)) return false
  const { docs } = await req.payload.find({
    collection: 'webhook-subscriptions',
    where: { consumer: { equals: user.id } },
    select: {},
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return { subscription: { in: docs.map((subscription) => subscription.id) } }
}
