import type { Payload } from 'payload'

import { seedIdentities } from './identities'
import { seedWebhookEventTypes } from './webhooks'

/** Everything `npm run seed` creates; each step leaves what already exists alone. */
export async function seed(payload: Payload) {
  await seedIdentities(payload)
  await seedWebhookEventTypes(payload)
  payload.logger.info('Seed complete')
}
