import { allEvents } from './eventCatalogue'

/** Whether a subscription to `events` wants an event of `type`. */
export function matchesEvent(events: readonly string[], type: string): boolean {
  return events.includes(type) || events.includes(allEvents)
}

/** The requested names that are neither `*` nor an active event type, each once, in order. */
export function invalidEvents(requested: readonly string[], activeTypes: readonly string[]) {
  const known = new Set([...activeTypes, allEvents])
  return [...new Set(requested.filter((name) => !known.has(name)))]
}
