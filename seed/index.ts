import type { Payload } from 'payload'

import { seedContent } from './content'
import { seedIdentities } from './identities'
import { seedMedia } from './media'
import { seedPages } from './pages'
import { seedWebhookEventTypes } from './webhooks'
import { seedDemoOrders, seedShop } from './shop'

/** Everything `npm run seed` creates; each step leaves what already exists alone. */
export async function seed(payload: Payload) {
  await seedIdentities(payload)
  await seedContent(payload)
  await seedPages(payload)
  await seedWebhookEventTypes(payload)
  await seedShop(payload)
  await seedDemoOrders(payload)
  await seedMedia(payload)
  payload.logger.info('Seed complete')
}
