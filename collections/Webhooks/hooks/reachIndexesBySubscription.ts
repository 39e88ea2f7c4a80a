import type { CollectionBeforeOperationHook, Where } from 'payload'

/**
 * Always true: a delivery either has a next attempt time (unfinished) or has none (finished).
 * Beside a condition on the subscription it leads PostgreSQL to the two partial indexes by
 * subscription, which between them hold every delivery (src/webhooks/schema/webhookIndexes.ts):
 * neither alone does, and the condition on the subscription alone read the whole table.
 */
export const inEitherIndex: Where = {
  or: [{ nextAttemptAt: { exists: true } }, { nextAttemptAt: { exists: false } }],
}

/** `where` narrowed by `inEitherIndex`: the same deliveries, found through the indexes. */
export const withEitherIndex = (where: Where): Where => ({ and: [where, inEitherIndex] })

/**
 * Every list and count of deliveries with a filter (the admin panel's list of one subscription's
 * deliveries, the portal's and the API's delivery log) asks for `withEitherIndex` of it. A read
 * by id is left alone: it goes by the primary key.
 */
export const reachIndexesBySubscription: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'read' && operation !== 'count') return args
  if (!('where' in args) || !args.where || typeof args.where !== 'object') return args
  return { ...args, where: withEitherIndex(args.where) }
}
