import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { seedWebhookEventTypes } from '../../seed/webhooks'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { handInConfig } from '../helpers/testConfig'

// A portal link or session lives only as long as the credential that asked for it. A consumer's
// key that leaked is revoked by an admin changing it or turning API access off: before, the old
// key got 401 at once, but its links still opened sessions and its sessions still listed and
// changed subscriptions for up to 12 hours. Every case uses a real link, a real key change
// through the admin's REST, and the real cookie.

let payload: Payload
let admin: Record<string, string>
const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }

beforeAll(async () => {
  payload = await getTestPayload()
  await seedWebhookEventTypes(payload)
  admin = { authorization: `Bearer ${(await userWithToken(payload, 'admin')).token}` }
})

/** A consumer with a key, one subscription, and a link asked for with that key. */
async function consumerWithLink() {
  const { consumer, apiKey } = await consumerWithKey(payload)
  const key = { 'x-api-key': apiKey }
  const created = await restJson('POST', '/webhooks/subscriptions', {
    headers: key,
    body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
  })
  expect(created.status).toBe(201)
  return { consumerId: String(consumer.id), key, subscriptionId: created.body.id as string }
}

async function linkToken(headers: Record<string, string>) {
  const link = await restJson('POST', '/webhooks/portal-sessions', { headers })
  expect(link.status, JSON.stringify(link.body)).toBe(201)
  return new URL(link.body.url).hash.replace(/^#token=/, '')
}

const exchange = (token: string) =>
  restJson('POST', '/webhooks/portal-sessions/exchange', { headers: site, body: { token } })

async function sessionCookie(token: string) {
  const opened = await exchange(token)
  expect(opened.status, JSON.stringify(opened.body)).toBe(200)
  return opened.headers.get('set-cookie')!.split(';')[0]!
}

/** What the portal's pages send: a read of the subscriptions and a change of one. */
async function portalCalls(cookie: string, subscriptionId: string) {
  const headers = { cookie, ...site }
  const list = await restJson('GET', '/webhooks/subscriptions', { headers })
  const change = await restJson('PATCH', `/webhooks/subscriptions/${subscriptionId}`, {
    headers,
    body: { description: 'Changed from the portal' },
  })
  return [list.status, change.status]
}

/** The admin's change of a consumer, through Payload's REST as the admin panel sends it. */
async function adminChangesConsumer(consumerId: string, data: Record<string, unknown>) {
  const changed = await restJson('PATCH', `/api/consumers/${consumerId}`, {
    headers: admin,
    body: data,
  })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
}

const revocations: [string, Record<string, unknown>][] = [
  ['the key is changed', { apiKey: randomBytes(24).toString('base64url') }],
  ['API access is turned off', { enableAPIKey: false }],
]

describe.each(revocations)('when %s', (_, change) => {
  it('a link asked for with the old key opens nothing', async () => {
    const consumer = await consumerWithLink()
    const token = await linkToken(consumer.key)
    await adminChangesConsumer(consumer.consumerId, change)
    expect(
      (await restJson('GET', '/webhooks/subscriptions', { headers: consumer.key })).status,
    ).toBe(401)
    expect((await exchange(token)).status).toBe(401)
  })

  it('a session opened with the old key can no longer read or change anything', async () => {
    const consumer = await consumerWithLink()
    const cookie = await sessionCookie(await linkToken(consumer.key))
    expect(await portalCalls(cookie, consumer.subscriptionId)).toEqual([200, 200])
    await adminChangesConsumer(consumer.consumerId, change)
    expect(await portalCalls(cookie, consumer.subscriptionId)).toEqual([401, 401])
    const stored = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: consumer.subscriptionId,
    })
    expect(stored.description).toBe('Changed from the portal')
  })
})

describe("a consumer's other changes", () => {
  it('leave its portal sessions running (its name, its e-mail)', async () => {
    const consumer = await consumerWithLink()
    const cookie = await sessionCookie(await linkToken(consumer.key))
    await adminChangesConsumer(consumer.consumerId, { name: 'Renamed integrator' })
    expect(await portalCalls(cookie, consumer.subscriptionId)).toEqual([200, 200])
  })
})

describe('a portal an admin opened', () => {
  it('ends when that admin is no longer an admin', async () => {
    const consumer = await consumerWithLink()
    const opener = await userWithToken(payload, 'admin')
    const link = await restJson('POST', `/api/consumers/${consumer.consumerId}/portal-link`, {
      headers: { authorization: `Bearer ${opener.token}` },
    })
    expect(link.status).toBe(201)
    const cookie = await sessionCookie(new URL(link.body.url).hash.replace(/^#token=/, ''))
    expect(await portalCalls(cookie, consumer.subscriptionId)).toEqual([200, 200])
    const demoted = await restJson('PATCH', `/api/users/${opener.user.id}`, {
      headers: admin,
      body: { role: 'editor' },
    })
    expect(demoted.status).toBe(200)
    expect(await portalCalls(cookie, consumer.subscriptionId)).toEqual([401, 401])
  })
})

describe("an admin's End portal sessions", () => {
  it("ends every link and session of that consumer at once, and no other consumer's", async () => {
    const consumer = await consumerWithLink()
    const other = await consumerWithLink()
    const unopened = await linkToken(consumer.key)
    const cookie = await sessionCookie(await linkToken(consumer.key))
    const otherCookie = await sessionCookie(await linkToken(other.key))
    const ended = await restJson(
      'DELETE',
      `/api/consumers/${consumer.consumerId}/portal-sessions`,
      {
        headers: { ...admin, ...site },
      },
    )
    expect(ended.status, JSON.stringify(ended.body)).toBe(200)
    expect(ended.body).toEqual({ ended: 2 })
    expect(await portalCalls(cookie, consumer.subscriptionId)).toEqual([401, 401])
    expect((await exchange(unopened)).status).toBe(401)
    expect(await portalCalls(otherCookie, other.subscriptionId)).toEqual([200, 200])
  })

  it('is refused to an editor and to the consumer itself', async () => {
    const consumer = await consumerWithLink()
    const editor = await userWithToken(payload, 'editor')
    for (const headers of [{ authorization: `Bearer ${editor.token}` }, consumer.key]) {
      const ended = await restJson(
        'DELETE',
        `/api/consumers/${consumer.consumerId}/portal-sessions`,
        { headers },
      )
      expect(ended.status).toBe(403)
    }
  })
})

describe('a portal opened with the configured API_KEY', () => {
  it('ends when the operator configures another key', async () => {
    const restore = handInConfig(payload, { API_KEY: 'configured-key-one-0123456789abcdef' })
    try {
      const key = { 'x-api-key': 'configured-key-one-0123456789abcdef' }
      const cookie = await sessionCookie(await linkToken(key))
      const listed = await restJson('GET', '/webhooks/subscriptions', {
        headers: { cookie, ...site },
      })
      expect(listed.status).toBe(200)
      handInConfig(payload, { API_KEY: 'configured-key-two-0123456789abcdef' })
      const after = await restJson('GET', '/webhooks/subscriptions', {
        headers: { cookie, ...site },
      })
      expect(after.status).toBe(401)
    } finally {
      restore()
    }
  })
})
