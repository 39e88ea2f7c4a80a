import { z } from 'zod'

/**
 * What a consumer must hold to receive one kind of event: each event type names one (or none),
 * and an admin gives a consumer the grants it may use on the consumer's page.
 */
export type GrantDefinition = {
  /** The grant's name, stored on the consumer (`orders`). */
  name: string
  /** Its label beside the checkbox in the admin panel. */
  label: string
  /** What it lets a consumer receive, and read, for the admin who gives it. */
  description: string
}

/** One kind of business event a subscription can ask for. */
export type EventTypeDefinition = {
  /** `<resource>.<action>`, the name subscriptions list in `events`. */
  name: WebhookEventName
  /** What happened, for integrators. */
  description: string
  /** The shape of `data` in a delivery of this type (the API reference is generated from it). */
  payload: z.ZodType
  /** A payload of this type as delivered in `data`; it satisfies `payload`. */
  examplePayload: Record<string, unknown>
  /**
   * The object an event of this type is about, as `<resource>:{id}` (`{id}` is `data.id`):
   * a subscription with `ordered` receives the events of one object in the order they were
   * emitted. `null`: never held back (test events).
   */
  orderingKey: `${string}:{id}` | null
  /**
   * The grant a consumer must hold to subscribe to this type and receive it (what reading its
   * payload through the API requires); `null`: none (`webhook.test`, sent only to the
   * subscription being tested).
   */
  grant: string | null
}

/** An event type's name: `<resource>.<action>`. */
export type WebhookEventName = `${string}.${string}`

/** What one domain registers: the event types it emits and the grants they need. */
export type DomainEvents = {
  /** The grants its types need that no other domain declares (`orders`). */
  grants?: readonly GrantDefinition[]
  /** Every event type it emits. */
  events: readonly EventTypeDefinition[]
}

/** The event types of the delivery engine itself. */
export const WebhookEvents = {
  /** Sent only to the subscription being tested (on create and on `POST .../test`). */
  Test: 'webhook.test',
} as const

/** Subscribing to this name means every event type the consumer is granted, now and later. */
export const allEvents = '*'

/**
 * What every consumer is given unless an admin takes it away: the public content anyone reads
 * through the API (published articles and pages, active products, approved comments).
 */
export const contentGrant: GrantDefinition = {
  name: 'content',
  label: 'Public content',
  description:
    'Events about what anyone reads through the API: published articles and pages, approved ' +
    'comments, active products.',
}

/** `data` of `webhook.test`. */
export const testEventData = z
  .strictObject({
    subscription_id: z.uuid().describe('The subscription being tested: yours'),
    message: z.string().describe('Always "This is a test event."'),
  })
  .meta({ id: 'TestEventData' })
export type TestEventData = z.infer<typeof testEventData>

/** The `message` of every `webhook.test` event. */
export const testEventMessage = 'This is a test event.'

const testEventType: EventTypeDefinition = {
  name: WebhookEvents.Test,
  orderingKey: null,
  grant: null,
  payload: testEventData,
  description:
    'A test event, sent only to the subscription being tested: on creation and on request.',
  examplePayload: {
    subscription_id: '3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42',
    message: testEventMessage,
  },
}

const registeredEvents: EventTypeDefinition[] = []
const registeredGrants: GrantDefinition[] = [contentGrant]

/**
 * Every event type the service emits, with a documented example payload: what the domains
 * registered (`registerEventTypes`, from the composition root), then `webhook.test`. The
 * catalogue, the API reference's `webhooks`, the seeding of event types and the portal read it.
 */
export const eventCatalogue: readonly EventTypeDefinition[] = registeredEvents

/** Every grant an event type may need, `content` first. */
export const grantCatalogue: readonly GrantDefinition[] = registeredGrants

const eventName = /^[a-z]+\.[a-z]+$/
const grantName = /^[a-z][a-z_]*$/

/**
 * Adds a domain's event types (and the grants they need) to the catalogue. Registering the same
 * definitions again changes nothing (a module evaluated twice); another definition under a name
 * already registered, a malformed name or an undeclared grant throws at start.
 */
export function registerEventTypes(domain: DomainEvents): void {
  for (const grant of domain.grants ?? []) {
    if (!grantName.test(grant.name)) throw new Error(`Bad grant name ${grant.name}`)
    const known = registeredGrants.find((each) => each.name === grant.name)
    if (known && known !== grant) throw new Error(`Grant ${grant.name} is declared twice`)
    if (!known) registeredGrants.push(grant)
  }
  for (const type of domain.events) {
    if (!eventName.test(type.name)) throw new Error(`Bad event type name ${type.name}`)
    if (type.grant !== null && !registeredGrants.some((grant) => grant.name === type.grant)) {
      throw new Error(`Event type ${type.name} needs grant ${type.grant}, which nobody declares`)
    }
    const index = registeredEvents.findIndex((each) => each.name === type.name)
    const known = registeredEvents[index]
    if (known && known !== type) throw new Error(`Event type ${type.name} is registered twice`)
    if (known) continue
    // `webhook.test` stays last, after every domain's types.
    const testIndex = registeredEvents.indexOf(testEventType)
    if (testIndex === -1) registeredEvents.push(type)
    else registeredEvents.splice(testIndex, 0, type)
  }
}

registerEventTypes({ events: [testEventType] })

/** The definition of event type `name`, or `undefined` for a name nobody registered. */
export const eventTypeNamed = (name: string): EventTypeDefinition | undefined =>
  eventCatalogue.find((type) => type.name === name)

/**
 * The ordering key of an event of type `type` with `data` (`order:1001`), or `null` when its
 * type has none or `data` has no `id`.
 */
export function orderingKeyOf(type: string, data: Record<string, unknown>): string | null {
  const template = eventTypeNamed(type)?.orderingKey
  const id = data.id
  if (!template || (typeof id !== 'number' && typeof id !== 'string')) return null
  return template.replace('{id}', String(id))
}
