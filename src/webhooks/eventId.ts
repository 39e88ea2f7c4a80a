import { v7 } from 'uuid'

/**
 * A new event id (the body's `id`, the `webhook-id` header): a UUID of version 7, whose first
 * 48 bits are the time it was made in milliseconds, so ids sort in the order events were made
 * (within one process, several in one millisecond too; across processes, to the millisecond).
 *
 * Why not a random one (version 4): each delivery row is indexed by event and subscription
 * (`webhook_deliveries_event_subscription_idx`), and the event log by id. A random id put each
 * event's 10,000 keys in the middle of the index, where every page they filled was split in two
 * halves; a time-ordered id adds them at its right-hand end (docs/benchmarks.md, "Event ids in
 * the order they were made"). The id tells no more than the event already does: its time is
 * in the `webhook-timestamp` header and the body.
 */
export function newEventId(): string {
  return v7()
}
