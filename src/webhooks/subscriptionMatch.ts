import { allEvents } from './eventCatalogue'

const alias = /^[a-z_][a-z0-9_]*$/

/**
 * The one definition of which subscriptions an event goes to, as a SQL condition: the
 * subscription's `events` (jsonb array, GIN-indexed) name the event's type or the wildcard, and
 * its `filter`, when it has one, is contained in the event's data (PostgreSQL's `@>`: every key
 * of the filter has an equal value in the data, nested objects alike, an array's elements found
 * among the data array's). `subscription` is the subscriptions table's alias, `eventType` and
 * `eventData` SQL expressions of the event's type and data. The fan-out and `recover` both use
 * it; no second copy of the rule exists in TypeScript.
 */
export function subscriptionMatchesSql(
  subscription: string,
  eventType: string,
  eventData: string,
): string {
  if (!alias.test(subscription)) throw new Error(`Bad table alias ${subscription}`)
  return (
    `${subscription}.events ?| ARRAY[(${eventType})::text, '${allEvents}'] AND ` +
    filterMatchesSql(subscription, eventData)
  )
}

/** The filter half of `subscriptionMatchesSql`: no filter, or the data contains it. */
export function filterMatchesSql(subscription: string, eventData: string): string {
  if (!alias.test(subscription)) throw new Error(`Bad table alias ${subscription}`)
  return (
    `(jsonb_typeof(${subscription}.filter) IS DISTINCT FROM 'object' ` +
    `OR (${eventData}) @> ${subscription}.filter)`
  )
}
