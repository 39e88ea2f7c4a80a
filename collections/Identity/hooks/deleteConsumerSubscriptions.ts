import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A consumer's webhook subscriptions (and through their own hook, their deliveries) go with it,
 * in the same transaction.
 */
export const deleteConsumerSubscriptions: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({
    collection: 'webhook-subscriptions',
    where: { consumer: { equals: id } },
    req,
    overrideAccess: true,
  })
}
