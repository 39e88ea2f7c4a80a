import type { Endpoint, Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { DocumentedOperation } from '../../src/openapi/operation'
import { restJson, rest } from '../helpers/rest'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { webhookEndpoints } from '../../endpoints/webhooks'
import { hashPortalToken } from '../../src/identity/portal/portalTokens'
import { getTestPayload } from '../helpers/payload'
import { seedWebhookEventTypes } from '../../seed/webhooks'

// The integrator portal's sessions through the API: the link (`POST /webhooks/portal-sessions`),
// its exchange for a cookie, and that cookie on every route the portal calls. The pages
// themselves are tried in a browser in tests/e2e/portal.test.ts.

let payload: Payload
let portalRoutes: DocumentedOperation[]
let keyA: string
let keyB: string
let consumerA: { id: string; name: string }
let adminToken: string
let adminEmail: string
let editorToken: string

/** This site, as the browser names it in `Host` and `Origin`. */
const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }

beforeAll(async () => {
  payload = await getTestPayload()
  await seedWebhookEventTypes(payload)
  const a = await consumerWithKey(payload, 'Consumer A')
  keyA = a.apiKey
  consumerA = { id: String(a.consumer.id), name: 'Consumer A' }
  keyB = (await consumerWithKey(payload, 'Consumer B')).apiKey
  ;({ token: adminToken, email: adminEmail } = await userWithToken(payload, 'admin'))
  editorToken = (await userWithToken(payload, 'editor')).token
  portalRoutes = (webhookEndpoints as Endpoint[])
    .map((endpoint) => endpoint.custom!.openapi as DocumentedOperation)
    .filter((operation) => operation.docs.security?.includes('portalSession'))
})

/** A link into the portal of the consumer holding `key`. */
async function link(key: string, body?: unknown) {
  const response = await restJson('POST', '/webhooks/portal-sessions', {
    headers: { 'x-api-key': key },
    ...(body === undefined ? {} : { body }),
  })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  return {
    ...(response.body as { url: string; expires_at: string }),
    token: new URL(response.body.url).hash.replace(/^#token=/, ''),
  }
}

const exchange = (token: string, headers: Record<string, string> = site) =>
  restJson('POST', '/webhooks/portal-sessions/exchange', { headers, body: { token } })

/** A session cookie (`portal_session=...`) of the consumer holding `key`. */
async function session(key: string, body?: unknown) {
  const opened = await exchange((await link(key, body)).token)
  expect(opened.status, JSON.stringify(opened.body)).toBe(200)
  return opened.headers.get('set-cookie')!.split(';')[0]!
}

/** A request as the portal's page sends it: the cookie, this site's origin. */
const asPortal = (cookie: string) => ({ cookie, ...site })

async function subscribe(key: string) {
  const created = await restJson('POST', '/webhooks/subscriptions', {
    headers: { 'x-api-key': key },
    body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const test = await restJson('POST', `/webhooks/subscriptions/${created.body.id}/test`, {
    headers: { 'x-api-key': key },
  })
  expect(test.status).toBe(201)
  return { id: created.body.id as string, deliveryId: test.body.data.delivery_id as number }
}

/** Sets `set` on the row of a link (`link_hash`) or session (`session_hash`), as time would. */
async function setTimes(cookieOrToken: string, column: 'session_hash' | 'link_hash', set: string) {
  const token = cookieOrToken.replace(/^portal_session=/, '')
  const { rowCount } = await payload.db.pool.query(
    `UPDATE webhook_portal_sessions SET ${set} WHERE ${column} = $1`,
    [hashPortalToken(token)],
  )
  expect(rowCount).toBe(1)
}

describe('POST /webhooks/portal-sessions', () => {
  it('answers 201 with a one-time link whose token is in the fragment, valid 15 minutes', async () => {
    const before = Date.now()
    const response = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { 'x-api-key': keyA },
    })
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const url = new URL(response.body.url)
    expect(url.pathname).toBe('/portal/enter')
    expect(url.search).toBe('')
    expect(url.hash).toMatch(/^#token=[A-Za-z0-9_-]{43}$/)
    const lifeMinutes = (Date.parse(response.body.expires_at) - before) / 60_000
    expect(lifeMinutes).toBeGreaterThan(14.9)
    expect(lifeMinutes).toBeLessThan(15.1)
  })

  it('makes links that last as asked, from a minute to a day', async () => {
    const before = Date.now()
    const day = await link(keyA, { expires_in_minutes: 1440 })
    expect((Date.parse(day.expires_at) - before) / 3_600_000).toBeCloseTo(24, 1)
    const minute = await link(keyA, { expires_in_minutes: 1, read_only: true })
    expect((Date.parse(minute.expires_at) - before) / 60_000).toBeCloseTo(1, 1)
  })

  it.each([
    [{ expires_in_minutes: 0 }, 'expires_in_minutes'],
    [{ expires_in_minutes: 1441 }, 'expires_in_minutes'],
    [{ expires_in_minutes: 2.5 }, 'expires_in_minutes'],
    [{ read_only: 'yes' }, 'read_only'],
    [{ consumer_id: 'someone-else' }, 'consumer_id'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const response = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { 'x-api-key': keyA },
      body,
    })
    expect(response.status).toBe(400)
    expect(JSON.stringify(response.body.error.details)).toContain(field)
  })

  it('answers 401 without a key or with a wrong one, 403 to a user', async () => {
    expect((await restJson('POST', '/webhooks/portal-sessions')).status).toBe(401)
    const wrong = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { 'x-api-key': 'not-a-key' },
    })
    expect(wrong.status).toBe(401)
    const user = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { authorization: `Bearer ${adminToken}` },
    })
    expect(user.status).toBe(403)
  })

  it('cannot be called with a portal session: a read-only session would mint itself a full one', async () => {
    const readOnly = await session(keyA, { read_only: true })
    const response = await restJson('POST', '/webhooks/portal-sessions', {
      headers: asPortal(readOnly),
      body: { read_only: false },
    })
    expect(response.status).toBe(401)
  })
})

describe('opening a link', () => {
  it('gives an HttpOnly, SameSite=Strict cookie once; the same link again is a 401', async () => {
    const { token } = await link(keyA)
    const first = await exchange(token)
    expect(first.status).toBe(200)
    expect(first.body.data.read_only).toBe(false)
    const cookie = first.headers.get('set-cookie')!
    expect(cookie).toMatch(/^portal_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Max-Age=\d+/)
    expect(cookie).toContain('SameSite=Strict')
    const again = await exchange(token)
    expect(again.status).toBe(401)
    expect(again.body.error.message).toMatch(/already used, has expired/)
  })

  it('opens once when two tabs open it at the same moment', async () => {
    const { token } = await link(keyA)
    const answers = await Promise.all([exchange(token), exchange(token), exchange(token)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
  })

  it('refuses an expired link and a forged one with 401', async () => {
    const expired = await link(keyA)
    await setTimes(expired.token, 'link_hash', "link_expires_at = now() - interval '1 second'")
    expect((await exchange(expired.token)).status).toBe(401)
    const forged = await exchange('A'.repeat(43))
    expect(forged.status).toBe(401)
    expect((await exchange('not even the shape')).status).toBe(401)
  })

  it("refuses another site's page (login CSRF) with 403, leaving the link usable", async () => {
    const { token } = await link(keyA)
    const crossSite = await exchange(token, { host: site.host, origin: 'https://evil.example' })
    expect(crossSite.status).toBe(403)
    const noOrigin = await exchange(token, { host: site.host })
    expect(noOrigin.status).toBe(403)
    expect((await exchange(token)).status).toBe(200)
  })
})

describe('the cookie session on every route the portal calls', () => {
  let subscriptionB: Awaited<ReturnType<typeof subscribe>>
  let subscriptionA: Awaited<ReturnType<typeof subscribe>>
  let cookieA: string
  let readOnlyA: string

  beforeAll(async () => {
    subscriptionA = await subscribe(keyA)
    subscriptionB = await subscribe(keyB)
    cookieA = await session(keyA)
    readOnlyA = await session(keyA, { read_only: true })
  })

  /** A request each route answers with its own work when the ids are the caller's own. */
  const requests: Record<
    string,
    (ids: { subscription: string; delivery: number }) => { path: string; body?: unknown }
  > = {
    createWebhookSubscription: () => ({
      path: '/webhooks/subscriptions',
      body: { endpoint_url: 'https://hooks.example.com/new', events: ['order.paid'] },
    }),
    listWebhookSubscriptions: () => ({ path: '/webhooks/subscriptions' }),
    readWebhookSubscription: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}`,
    }),
    updateWebhookSubscription: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}`,
      body: { description: 'changed in the portal' },
    }),
    deleteWebhookSubscription: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}`,
    }),
    testWebhookSubscription: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/test`,
    }),
    sendWebhookSubscriptionNow: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/send-now`,
    }),
    rotateWebhookSecret: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/rotate-secret`,
    }),
    recoverWebhookEvents: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/recover`,
      body: { since: new Date(Date.now() - 60_000).toISOString() },
    }),
    replayWebhookDeliveries: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/replay`,
      body: { status: 'dead', since: new Date(Date.now() - 60_000).toISOString() },
    }),
    listWebhookDeliveries: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/deliveries`,
    }),
    readWebhookSubscriptionStats: ({ subscription }) => ({
      path: `/webhooks/subscriptions/${subscription}/stats`,
    }),
    readWebhookDelivery: ({ delivery }) => ({ path: `/webhooks/deliveries/${delivery}` }),
    retryWebhookDelivery: ({ delivery }) => ({ path: `/webhooks/deliveries/${delivery}/retry` }),
    listWebhookDeliveryAttempts: ({ delivery }) => ({
      path: `/webhooks/deliveries/${delivery}/attempts`,
    }),
    listWebhookEventTypes: () => ({ path: '/webhooks/event-types' }),
    getPortalSession: () => ({ path: '/webhooks/portal-sessions/current' }),
    endPortalSession: () => ({ path: '/webhooks/portal-sessions/current' }),
  }

  const call = (
    operation: DocumentedOperation,
    headers: Record<string, string>,
    ids: { subscription: string; delivery: number },
  ) => {
    const { path, body } = requests[operation.docs.operationId]!(ids)
    const method = operation.method.toUpperCase() as 'GET' | 'POST' | 'PATCH' | 'DELETE'
    return restJson(method, path, { headers, ...(body === undefined ? {} : { body }) })
  }
  const isChange = (operation: DocumentedOperation) => operation.method !== 'get'
  const namesAnId = (operation: DocumentedOperation) => operation.path.includes(':id')
  const ownIds = () => ({ subscription: subscriptionA.id, delivery: subscriptionA.deliveryId })
  const othersIds = () => ({ subscription: subscriptionB.id, delivery: subscriptionB.deliveryId })

  it('covers every route the portal calls (a new one needs its case here)', () => {
    const ids = portalRoutes.map((operation) => operation.docs.operationId)
    expect(ids.filter((id) => !requests[id])).toEqual([])
    expect(ids.length).toBeGreaterThanOrEqual(15)
  })

  it('answers 401 on each without the cookie, and with a cookie that opens nothing', async () => {
    const forged = `portal_session=${'B'.repeat(43)}`
    for (const operation of portalRoutes) {
      const without = await call(operation, site, ownIds())
      expect(without.status, `${operation.docs.operationId} without`).toBe(401)
      const withForged = await call(operation, asPortal(forged), ownIds())
      expect(withForged.status, `${operation.docs.operationId} forged`).toBe(401)
      expect(withForged.body.error.message).toMatch(/portal session has ended/)
    }
  })

  it("answers 404 on each that names an id of another consumer's", async () => {
    for (const operation of portalRoutes.filter(namesAnId)) {
      const answer = await call(operation, asPortal(cookieA), othersIds())
      expect(answer.status, `${operation.docs.operationId}: ${JSON.stringify(answer.body)}`).toBe(
        404,
      )
    }
    const list = await restJson('GET', '/webhooks/subscriptions', { headers: asPortal(cookieA) })
    const ids = (list.body.data as { id: string }[]).map((subscription) => subscription.id)
    expect(ids).toContain(subscriptionA.id)
    expect(ids).not.toContain(subscriptionB.id)
    const other = await restJson('GET', `/webhooks/subscriptions/${subscriptionB.id}`, {
      headers: { 'x-api-key': keyB },
    })
    expect(other.body.data.description).toBeNull()
  })

  it('answers 403 to a read-only session on every change, and changes nothing', async () => {
    const changes = portalRoutes.filter(isChange).filter((operation) => {
      return operation.docs.operationId !== 'endPortalSession'
    })
    expect(changes.length).toBeGreaterThanOrEqual(8)
    for (const operation of changes) {
      const answer = await call(operation, asPortal(readOnlyA), ownIds())
      expect(answer.status, operation.docs.operationId).toBe(403)
      expect(answer.body.error.message).toMatch(/read-only/)
    }
    const own = await restJson('GET', `/webhooks/subscriptions/${subscriptionA.id}`, {
      headers: asPortal(readOnlyA),
    })
    expect(own.status).toBe(200)
    expect(own.body.data.description).toBeNull()
    expect(own.body.data.secret_rotated_at).toBeNull()
  })

  it('lets a read-only session read everything of its own', async () => {
    for (const operation of portalRoutes.filter((route) => !isChange(route))) {
      const answer = await call(operation, asPortal(readOnlyA), ownIds())
      expect(answer.status, operation.docs.operationId).toBe(200)
    }
  })

  it("refuses a change from another site's page (CSRF) with 403, whatever the session", async () => {
    const path = `/webhooks/subscriptions/${subscriptionA.id}`
    const crossSite = await restJson('PATCH', path, {
      headers: { cookie: cookieA, host: site.host, origin: 'https://evil.example' },
      body: { description: 'forged' },
    })
    expect(crossSite.status).toBe(403)
    expect(crossSite.body.error.message).toMatch(/Cross-origin request refused/)
    const noOrigin = await restJson('PATCH', path, {
      headers: { cookie: cookieA, host: site.host, 'sec-fetch-site': 'cross-site' },
      body: { description: 'forged' },
    })
    expect(noOrigin.status).toBe(403)
    const sameSite = await restJson('PATCH', path, {
      headers: { cookie: cookieA, host: site.host, 'sec-fetch-site': 'same-origin' },
      body: { description: 'from the portal' },
    })
    expect(sameSite.status).toBe(200)
    expect(sameSite.body.data.description).toBe('from the portal')
  })

  it('acts as the consumer for an admin whose browser is logged in to the admin panel too', async () => {
    const both = `payload-token=${adminToken}; ${cookieA}`
    const list = await restJson('GET', '/webhooks/subscriptions', {
      headers: { ...site, cookie: both },
    })
    expect(list.status).toBe(200)
    expect(list.body.data.map((subscription: { id: string }) => subscription.id)).toContain(
      subscriptionA.id,
    )
    // Elsewhere the portal cookie is nobody: the admin panel's API answers as the admin.
    const me = await restJson('GET', '/api/v1/me', { headers: { cookie: cookieA } })
    expect(me.status).toBe(401)
  })
})

describe('a session', () => {
  it('says whose it is and when it ends if left idle', async () => {
    const cookie = await session(keyA, { read_only: true })
    const current = await restJson('GET', '/webhooks/portal-sessions/current', {
      headers: asPortal(cookie),
    })
    expect(current.status).toBe(200)
    expect(current.body.data.consumer).toEqual(consumerA)
    expect(current.body.data.read_only).toBe(true)
    // The consumer opened it with its own key: nobody else acts in it.
    expect(current.body.data.acting_admin).toBeNull()
    const idleMinutes = (Date.parse(current.body.data.expires_at) - Date.now()) / 60_000
    expect(idleMinutes).toBeGreaterThan(29)
    expect(idleMinutes).toBeLessThanOrEqual(30)
  })

  it('ends after 30 idle minutes, and at its last hour however busy', async () => {
    const idle = await session(keyA)
    await setTimes(idle, 'session_hash', "last_seen_at = now() - interval '31 minutes'")
    const afterIdle = await rest('GET', '/webhooks/subscriptions', { headers: asPortal(idle) })
    expect(afterIdle.status).toBe(401)

    const busy = await session(keyA)
    await setTimes(busy, 'session_hash', "ends_at = now() - interval '1 second'")
    const afterEnd = await rest('GET', '/webhooks/subscriptions', { headers: asPortal(busy) })
    expect(afterEnd.status).toBe(401)
  })

  it('ends on sign-out (read-only ones too), and the cookie is cleared', async () => {
    const cookie = await session(keyA, { read_only: true })
    const out = await rest('DELETE', '/webhooks/portal-sessions/current', {
      headers: asPortal(cookie),
    })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^portal_session=; .*Max-Age=0/)
    const after = await rest('GET', '/webhooks/subscriptions', { headers: asPortal(cookie) })
    expect(after.status).toBe(401)
  })

  it('ends with its consumer', async () => {
    const doomed = await consumerWithKey(payload, 'Short-lived consumer')
    const cookie = await session(doomed.apiKey)
    await payload.delete({ collection: 'consumers', id: doomed.consumer.id })
    const after = await rest('GET', '/webhooks/subscriptions', { headers: asPortal(cookie) })
    expect(after.status).toBe(401)
  })
})

describe("an admin opening a consumer's portal", () => {
  it("gets a link into that consumer's portal; an editor gets 403, an unknown consumer 404", async () => {
    const response = await restJson('POST', `/api/consumers/${consumerA.id}/portal-link`, {
      headers: { authorization: `Bearer ${adminToken}` },
      body: { read_only: true },
    })
    expect(response.status).toBe(201)
    const token = new URL(response.body.url).hash.replace(/^#token=/, '')
    const opened = await exchange(token)
    expect(opened.body.data.read_only).toBe(true)
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!
    const current = await restJson('GET', '/webhooks/portal-sessions/current', {
      headers: asPortal(cookie),
    })
    expect(current.body.data.consumer).toEqual(consumerA)
    // The portal says which admin acts as the consumer, and where the admin came from.
    expect(current.body.data.acting_admin).toEqual({
      email: adminEmail,
      back_url: `/admin/collections/consumers/${consumerA.id}`,
    })

    const editor = await restJson('POST', `/api/consumers/${consumerA.id}/portal-link`, {
      headers: { authorization: `Bearer ${editorToken}` },
    })
    expect(editor.status).toBe(403)
    const unknown = await restJson('POST', '/api/consumers/no-such-consumer/portal-link', {
      headers: { authorization: `Bearer ${adminToken}` },
    })
    expect(unknown.status).toBe(404)
    const consumer = await restJson('POST', `/api/consumers/${consumerA.id}/portal-link`, {
      headers: { 'x-api-key': keyA },
    })
    expect(consumer.status).toBe(403)
  })
})

describe('the API reference', () => {
  it('documents the portal session as a cookie scheme on the routes that accept it', async () => {
    const document = await (await rest('GET', '/api/openapi.json')).json()
    expect(document.components.securitySchemes.portalSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'portal_session',
    })
    const create = document.paths['/webhooks/portal-sessions'].post
    expect(create.security).toEqual([{ apiKeyAuth: [] }])
    expect(create.responses['201']).toBeDefined()
    expect(create.responses['400']).toBeDefined()
    expect(create.responses['401']).toBeDefined()
    const list = document.paths['/webhooks/subscriptions'].get
    expect(list.security).toEqual([{ apiKeyAuth: [] }, { portalSession: [] }])
    expect(document.paths['/webhooks/portal-sessions/exchange'].post.security).toEqual([])
  })
})
