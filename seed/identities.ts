import type { Payload } from 'payload'

import { variableValues } from '../src/composition/loadConfig'
import type { Consumer } from '../src/payload-types'
import { grantCatalogue } from '../src/webhooks/eventCatalogue'

/** Demo credentials (`SEED_*`, declared with their defaults in src/composition/variables.ts). */
export const seedCredentials = () => {
  const settings = variableValues(process.env)
  return {
    adminEmail: settings.SEED_ADMIN_EMAIL,
    adminPassword: settings.SEED_ADMIN_PASSWORD,
    editorEmail: settings.SEED_EDITOR_EMAIL,
    editorPassword: settings.SEED_EDITOR_PASSWORD,
    consumerApiKey: settings.SEED_CONSUMER_API_KEY,
  }
}

/** An administrator, an editor and a demo API consumer. */
export async function seedIdentities(payload: Payload) {
  const credentials = seedCredentials()
  await ensureUser(payload, {
    email: credentials.adminEmail,
    password: credentials.adminPassword,
    name: 'Ada Admin',
    role: 'admin',
  })
  await ensureUser(payload, {
    email: credentials.editorEmail,
    password: credentials.editorPassword,
    name: 'Eddie Editor',
    role: 'editor',
  })
  const { totalDocs } = await payload.count({
    collection: 'consumers',
    where: { email: { equals: 'integrations@example.com' } },
  })
  if (totalDocs === 0) {
    await payload.create({
      collection: 'consumers',
      data: {
        name: 'Demo integration',
        email: 'integrations@example.com',
        enableAPIKey: true,
        apiKey: credentials.consumerApiKey,
        // The demo integration shows the whole webhook API on demo data, orders and inquiries
        // included; a consumer an admin creates gets public content only.
        grants: grantCatalogue.map((grant) => grant.name) as Consumer['grants'],
      },
    })
  }
}

async function ensureUser(
  payload: Payload,
  user: { email: string; password: string; name: string; role: 'admin' | 'editor' },
) {
  const { totalDocs } = await payload.count({
    collection: 'users',
    where: { email: { equals: user.email } },
  })
  if (totalDocs === 0) await payload.create({ collection: 'users', data: user })
}
