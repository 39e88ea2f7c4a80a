/**
 * Life of a delivery, in this order: due (`pending`), being sent (`delivering`), sent
 * (`succeeded`), failed with a retry scheduled (`failed`), given up (`dead`); or never sent
 * again because its consumer lost the grant its type needs (`cancelled`, with the reason in
 * `last_error`). The delivery collection's `status` options and the API's `status` enum are
 * both this list.
 */
export const deliveryStatuses = [
  'pending',
  'delivering',
  'succeeded',
  'failed',
  'dead',
  'cancelled',
] as const

/** One status of a delivery. */
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/**
 * The statuses of a delivery not yet finished: it has a next attempt time (the check constraint
 * built from this list says so), and is in the due index (src/webhooks/schema/webhookIndexes.ts).
 * In the constraint's order, which its SQL text and so the migrations' snapshot keep.
 */
export const unfinishedStatuses = [
  'pending',
  'failed',
  'delivering',
] as const satisfies readonly DeliveryStatus[]

/** Whether a delivery in `status` is still to be sent (or being sent). */
export const isUnfinishedStatus = (status: DeliveryStatus) =>
  (unfinishedStatuses as readonly DeliveryStatus[]).includes(status)

/** The statuses a bulk replay takes: given up, or waiting for their next retry. */
export const replayableStatuses = ['dead', 'failed'] as const
export type ReplayableStatus = (typeof replayableStatuses)[number]

/** Deliveries one replay queues at most; the rest stay for the next call. */
export const replayLimit = 1000
