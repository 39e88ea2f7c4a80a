import { articleEventTypes } from '@/articles/webhookEventTypes'
import { contactEventTypes } from '@/contact/webhookEventTypes'
import { shopEventTypes } from '@/shop/webhookEventTypes'
import { registerEventTypes } from '@/webhooks/eventCatalogue'

/*
 * Which domains' event types make the webhook catalogue, in the catalogue's order: each domain
 * declares its own (name, description, payload schema, example, grant) in its folder, and the
 * delivery engine knows none of them. Imported, for this effect, by the entry points before
 * anything reads the catalogue: payload.config.ts, first of all (the scripts and tests load the
 * config before the rest; a unit spec that reads the catalogue imports this module).
 */
registerEventTypes(articleEventTypes)
registerEventTypes(shopEventTypes)
registerEventTypes(contactEventTypes)
