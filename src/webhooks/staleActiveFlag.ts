/** A subscription's `isActive` as it is now, with what the system recorded when it disabled it. */
export type CurrentActivity = {
  /** Whether deliveries go out now. */
  isActive: boolean
  /** When the outcome writer disabled it after failed deliveries (null: active, or a person's doing). */
  disabledAt: string | null
  /** Failed deliveries in a row, as counted now. */
  failureCount: number
}

/** `2026-01-31T12:00:00.123Z` as `2026-01-31 12:00:00 UTC`. */
const readableTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`

/**
 * Why a save may not set `isActive` to `wanted`, or null when it may. `isActive` belongs to
 * people (an admin or the consumer deactivates and re-enables) and to the system (the outcome
 * writer disables after failed deliveries in a row). A form sends back every field it loaded,
 * so a save that would flip the flag although the flag changed since the form loaded it
 * (`loaded`) reverts someone else's decision without anyone deciding it: refused, with what
 * happened and the current value. A write that does not say what it loaded (the consumer API,
 * a REST client sending only `isActive`) means what it sends.
 *
 * The message has no comma after its colon: the admin panel's toast shows the comma-separated
 * parts after a colon as a list of field errors.
 */
export function staleActiveFlag(args: {
  wanted: boolean | null | undefined
  loaded: boolean | null | undefined
  current: CurrentActivity
}): string | null {
  const { wanted, loaded, current } = args
  if (typeof wanted !== 'boolean' || typeof loaded !== 'boolean') return null
  if (loaded === current.isActive || wanted === current.isActive) return null
  const reload = 'Reload the page to see it; then'
  if (current.isActive) {
    return `Active is now on: this subscription was re-enabled after you opened it. ${reload} untick Active and save again to deactivate it.`
  }
  const what = current.disabledAt
    ? `disabled at ${readableTime(current.disabledAt)} after ${current.failureCount} failed deliveries in a row (after you opened it)`
    : 'deactivated after you opened it'
  return `Active is now off: this subscription was ${what}. ${reload} tick Active and save again to re-enable it.`
}
