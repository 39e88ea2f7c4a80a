import type { Payload } from 'payload'

/** Demo credentials; `.env.example` documents each variable. */
export const seedCredentials = () => ({
  adminEmail: process.env.SEED_ADMIN_EMAIL || 'admin@example.com',
  adminPassword: process.env.SEED_ADMIN_PASSWORD || 'admin-password',
  editorEmail: process.env.SEED_EDITOR_EMAIL || 'editor@example.com',
  editorPassword: process.env.SEED_EDITOR_PASSWORD || 'editor-password',
  consumerApiKey: process.env.SEED_CONSUMER_API_KEY || 'demo-consumer-key-0123456789abcdef',
})

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
