import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll } from 'vitest'

import type { Role } from '../../src/identity/roles'
import type { Consumer } from '../../src/payload-types'
import { grantCatalogue } from '../../src/webhooks/eventCatalogue'
import { restJson } from './rest'

/**
 * The first account of a deployment always becomes its admin; tests that create users of other
 * roles call this first so that the role they ask for is the one they get.
 */
export async function ensureFirstUserExists(payload: Payload) {
  if ((await payload.count({ collection: 'users' })).totalDocs > 0) return
  await payload.create({
    collection: 'users',
    data: { email: 'first-admin@example.com', password: 'first-admin-password', role: 'admin' },
  })
}

/** Creates a user with `role` and logs in through `POST /api/users/login`; returns the token. */
export async function userWithToken(payload: Payload, role: Role) {
  await ensureFirstUserExists(payload)
  const email = `${role}-${randomBytes(4).toString('hex')}@example.com`
  const password = `pw-${randomBytes(8).toString('hex')}`
  const user = await payload.create({ collection: 'users', data: { email, password, role } })
  // From an address of its own: logins are throttled per client address.
  const address = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`
  const login = await restJson('POST', '/api/users/login', {
    headers: { 'x-forwarded-for': address },
    body: { email, password },
  })
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  return { user, token: login.body.token as string, email, password }
}

/**
 * Creates an API consumer holding a fresh Payload API key and `grants`: by default every grant
 * (as every consumer received every event before issue 49, and as the upgrade leaves a consumer
 * subscribed to `*`); a new consumer made in the admin panel holds `content` only.
 */
export async function consumerWithKey(
  payload: Payload,
  name = 'Test consumer',
  grants: string[] = grantCatalogue.map((grant) => grant.name),
) {
  const apiKey = randomBytes(24).toString('base64url')
  const consumer = await payload.create({
    collection: 'consumers',
    data: {
      name,
      email: `${randomBytes(4).toString('hex')}@integrator.test`,
      enableAPIKey: true,
      apiKey,
      grants: grants as Consumer['grants'],
    },
  })
  return { consumer, apiKey }
}

/** A user made by `userWithToken`, with its token and credentials. */
export type UserWithToken = Awaited<ReturnType<typeof userWithToken>>

/** The headers of a new user of `role`, signed in (`authorization: Bearer …`). */
export async function signedInAs(payload: Payload, role: Role) {
  return { authorization: `Bearer ${(await userWithToken(payload, role)).token}` }
}

/**
 * `signedInAs(payload(), role)` made in a `beforeAll` this registers (so after the hooks
 * registered before it, such as the one that starts the file's Payload); what it returns gives
 * the headers, once made.
 */
export function signedInForFile(payload: () => Payload, role: Role) {
  let headers: Record<string, string> | undefined
  beforeAll(async () => {
    headers = await signedInAs(payload(), role)
  })
  return () => {
    if (!headers) throw new Error('signedInForFile: signed in in beforeAll')
    return headers
  }
}

/** The headers of a new API consumer (`x-api-key`). */
export async function consumerHeaders(payload: Payload, name?: string) {
  return { 'x-api-key': (await consumerWithKey(payload, name)).apiKey }
}

/** The headers of each kind of caller that is not an administrator: an editor, a customer, a consumer. */
export async function nonAdminCallers(payload: Payload): Promise<Record<string, string>[]> {
  const editor = await userWithToken(payload, 'editor')
  const customer = await userWithToken(payload, 'customer')
  const { apiKey } = await consumerWithKey(payload)
  return [
    { authorization: `Bearer ${editor.token}` },
    { authorization: `Bearer ${customer.token}` },
    { 'x-api-key': apiKey },
  ]
}
