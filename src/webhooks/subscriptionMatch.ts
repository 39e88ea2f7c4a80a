import { allEvents, eventCatalogue } from './eventCatalogue'

const alias = /^[a-z_][a-z0-9_]*$/
const plainName = /^[a-z][a-z0-9_.]*$/

/**
 * The one definition of which subscriptions an event goes to, as a SQL condition: the
 * subscription's `events` (jsonb array, GIN-indexed) name the event's type or the wildcard, its
 * `filter`, when it has one, is contained in the event's data (PostgreSQL's `@>`: every key
 * of the filter has an equal value in the data, nested objects alike, an array's elements found
 * among the data array's), and its consumer holds the grant the type needs (`grantsTable`: the
 * consumers' grants, `parent_id` and `value`). `subscription` is the subscriptions table's alias,
 * `eventType` and `eventData` SQL expressions of the event's type and data; `neededGrant`, the
 * grant the type needs (`neededGrantSql(eventType)`, the default), for a caller that works it out
 * once an event rather than once a subscription (the fan-out). The fan-out and `recover` both use
 * it; no second copy of the rule exists in TypeScript.
 */
export function subscriptionMatchesSql(
  subscription: string,
  eventType: string,
  eventData: string,
  grantsTable: string,
  neededGrant: string = neededGrantSql(eventType),
): string {
  if (!alias.test(subscription)) throw new Error(`Bad table alias ${subscription}`)
  return (
    `${subscription}.events ?| ARRAY[(${eventType})::text, '${allEvents}'] AND ` +
    filterMatchesSql(subscription, eventData) +
    ' AND ' +
    grantMatchesSql(subscription, neededGrant, grantsTable)
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

/**
 * The grant an event of type `eventType` (an SQL expression) needs, as SQL text: `''` for a type
 * that needs none, NULL for a type nobody registered (it goes to nobody). The catalogue's grants
 * are written into the statement (a `CASE` over the registered types, fixed once the app has
 * started).
 */
export function neededGrantSql(eventType: string): string {
  const cases = eventCatalogue.map((type) => {
    if (!plainName.test(type.name) || (type.grant !== null && !plainName.test(type.grant))) {
      throw new Error(`Bad event type ${type.name} or grant ${type.grant}`)
    }
    return `WHEN '${type.name}' THEN '${type.grant ?? ''}'`
  })
  return `(CASE (${eventType})::text ${cases.join(' ')} END)`
}

/**
 * The grant half of `subscriptionMatchesSql`: the type needs no grant (`neededGrant`, an SQL
 * expression as `neededGrantSql` gives, is `''`), or the subscription's consumer holds the one it
 * needs. The grants table is read once a statement (a hashed subplan), not once a row.
 */
export function grantMatchesSql(
  subscription: string,
  neededGrant: string,
  grantsTable: string,
): string {
  if (!alias.test(subscription)) throw new Error(`Bad table alias ${subscription}`)
  if (!alias.test(grantsTable)) throw new Error(`Bad table name ${grantsTable}`)
  return (
    `(${neededGrant} = '' OR (${subscription}.consumer_id, ${neededGrant}) IN ` +
    `(SELECT parent_id, value::text FROM ${grantsTable}))`
  )
}
