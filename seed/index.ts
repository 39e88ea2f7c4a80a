import type { Payload } from 'payload'

import { seedIdentities } from './identities'
import { seedShop } from './shop'

/** Everything `npm run seed` creates; each step leaves what already exists alone. */
export async function seed(payload: Payload) {
  await seedIdentities(payload)
  await seedShop(payload)
  payload.logger.info('Seed complete')
}
