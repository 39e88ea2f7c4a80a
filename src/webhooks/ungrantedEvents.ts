import { allEvents, type EventTypeDefinition } from './eventCatalogue'

/** One requested type the consumer may not receive, and the grant it needs. */
export type UngrantedEvent = { type: string; grant: string }

/**
 * The requested types (`events`, as a subscription lists them) whose grant the consumer does not
 * hold, in the order asked; `*` needs none (it means every granted type), nor does a type
 * without a grant or one the catalogue does not know (the active-types check answers those).
 */
export function ungrantedEvents(
  events: readonly string[],
  grants: readonly string[],
  catalogue: readonly { name: string; grant: EventTypeDefinition['grant'] }[],
): UngrantedEvent[] {
  const refused: UngrantedEvent[] = []
  for (const name of new Set(events)) {
    if (name === allEvents) continue
    const grant = catalogue.find((type) => type.name === name)?.grant
    if (grant && !grants.includes(grant)) refused.push({ type: name, grant })
  }
  return refused
}

/** The refusal in words: each type with the grant it needs. */
export function ungrantedMessage(refused: readonly UngrantedEvent[]): string {
  const each = refused.map(({ type, grant }) => `${type} needs the \`${grant}\` grant`).join('; ')
  return `Your consumer does not hold the grants these event types need: ${each}. An administrator gives grants on the consumer's page.`
}
