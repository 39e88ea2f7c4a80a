import { allEvents } from './eventCatalogue'

/**
 * The one definition of which subscriptions an event goes to, as a SQL condition: the
 * subscription's `events` (jsonb array, GIN-indexed) name the event's type or the wildcard.
 * `subscription` is the subscriptions table's alias, `eventType` a SQL expression of the type.
 * The fan-out and `recover` both use it; no second copy of the rule exists in TypeScript.
 */
export function subscriptionMatchesSql(subscription: string, eventType: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(subscription)) throw new Error(`Bad table alias ${subscription}`)
  return `${subscription}.events ?| ARRAY[(${eventType})::text, '${allEvents}']`
}
