import { allEvents } from './eventCatalogue'

// Which subscriptions get an event is decided by the fan-out's SQL alone
// (src/webhooks/worker/fanOut.ts); this file only checks the names a consumer asks for.

/** The requested names that are neither `*` nor an active event type, each once, in order. */
export function invalidEvents(requested: readonly string[], activeTypes: readonly string[]) {
  const known = new Set([...activeTypes, allEvents])
  return [...new Set(requested.filter((name) => !known.has(name)))]
}
