/**
 * The tables Payload makes of the webhook collections (the slug, in snake case), as the
 * engine's SQL names them. The tables the engine declares itself name theirs beside their
 * declarations (`outboxTable.ts`, `eventLogTable.ts`, `attemptLogTable.ts`,
 * `disableNoticeTable.ts`).
 */
/** `webhook-deliveries`: one row per event and subscription, the queue and its history. */
export const deliveriesTableName = 'webhook_deliveries'
/** `webhook-subscriptions`: the endpoints, their secrets, filters and back-off state. */
export const subscriptionsTableName = 'webhook_subscriptions'
/** `consumers.grants` (a `select` with `hasMany`): one row per grant a consumer holds. */
export const consumerGrantsTableName = 'consumers_grants'
