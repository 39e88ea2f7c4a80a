import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { startApp, type StartedApp } from '../helpers/startApp'
import { startStreamingReplica, type StreamingReplica } from '../helpers/streamingReplica'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

// Issue 33, item 2: DATABASE_REPLICA_URLS hands Payload a real streaming replica, and nobody is
// shown a stale view of their own work or of the system's latest state. The replica's replay
// is paused, so it is stale for certain: public reads are served from it (a published page
// stays invisible to anonymous readers until replay resumes), while a caller's own write, the
// shop, the portal, rate limits and the background work read the primary
// (src/db/readReplicas.ts, src/db/replicaReadPolicy.mjs).
//
// Payload itself sends reads to the primary for 2 s after any write of the same process
// (`readReplicasAfterWriteInterval`): that helps one process only, and not once a replica lags
// more than 2 s. Each case reads at once and again after that window.
// SHOW_APP_OUTPUT=1 prints what the app prints.

const credentials = seedCredentials()
const payloadWindowMs = 2500
const stripeWebhookSecret = 'whsec_read_replicas'

let replica: StreamingReplica
let app: StartedApp
let mediaDirectory: string
let receiver: WebhookReceiver

beforeAll(async () => {
  replica = await startStreamingReplica()
  receiver = await startWebhookReceiver()
  mediaDirectory = await mkdtemp(path.join(os.tmpdir(), 'replicas-media-'))
  app = await startApp({
    server: replica.primary,
    showOutput: Boolean(process.env.SHOW_APP_OUTPUT),
    env: appEnv(),
  })
  await replica.caughtUp()
})

/** The app's environment: the replica of its database, a payment sandbox, a webhook receiver. */
const appEnv = () => ({
  DATABASE_REPLICA_URLS: replica.replicaUrlFor(`${replica.primary.prefix}_app`),
  STRIPE_SECRET_KEY: '',
  PAYMENT_SANDBOX: 'true',
  STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
  WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
  RATE_LIMIT_CREDENTIALS: '1000/600',
  RATE_LIMIT_CONTACT: '3/600',
  MEDIA_DIRECTORY: mediaDirectory,
  JOBS_POLL_SECONDS: '1',
})

afterAll(async () => {
  await app?.stop()
  await receiver?.close()
  await replica?.stop()
  if (mediaDirectory) await rm(mediaDirectory, { recursive: true, force: true })
})

type Call = {
  method?: string
  body?: unknown
  token?: string
  apiKey?: string
  headers?: Record<string, string>
}

/** A JSON request to the app, as a client sends it: the status, parsed body and headers. */
async function call(urlPath: string, init: Call = {}, to: StartedApp = app) {
  const response = await fetch(`${to.baseUrl}${urlPath}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.apiKey ? { 'x-api-key': init.apiKey } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  const isJson = response.headers.get('content-type')?.includes('json')
  return {
    status: response.status,
    body: (isJson && text ? JSON.parse(text) : text) as Record<string, any>,
    headers: response.headers,
  }
}

async function logIn(email: string, password: string) {
  const login = await call('/api/users/login', { method: 'POST', body: { email, password } })
  expect(login.status).toBe(200)
  return login.body.token as string
}

/** Runs `check` at once, then again once Payload's own read-after-write window has passed. */
async function atOnceAndLater(check: () => Promise<void>) {
  await check()
  await new Promise((resolve) => setTimeout(resolve, payloadWindowMs))
  await check()
}

/** Polls `check` until it passes (for the work of background loops), 30 s at most. */
async function eventually(check: () => Promise<void>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** A published (or scheduled) article created through the v1 API; its id. */
async function createArticle(token: string, fields: { slug: string; publishAt?: string }) {
  const authors = await call('/api/authors?limit=1&depth=0', { token })
  expect(authors.status).toBe(200)
  const created = await call('/api/v1/articles', {
    method: 'POST',
    token,
    body: {
      title: fields.slug,
      slug: fields.slug,
      author_id: authors.body.docs[0].id,
      ...(fields.publishAt ? { publish_at: fields.publishAt } : { status: 'published' }),
    },
  })
  expect(created.status).toBe(201)
  return created.body.data.id as number
}

const address = {
  name: 'Rita Replica',
  line1: 'Tverskaya 1',
  city: 'Moscow',
  postal_code: '125009',
  country: 'RU',
}

describe('read replicas (DATABASE_REPLICA_URLS, a real streaming replica)', () => {
  it('the app starts and serves with a replica: migrations and the seed ran on the primary', async () => {
    expect((await call('/api/health/ready')).status).toBe(200)
    // The app connects to the replica, which is really in recovery, once a public read asks.
    expect((await call('/api/pages?limit=1&depth=0')).status).toBe(200)
    const onReplica = new pg.Client({
      connectionString: replica.replicaUrlFor(`${replica.primary.prefix}_app`),
    })
    await onReplica.connect()
    try {
      await eventually(async () => {
        const { rows } = await onReplica.query<{ recovering: boolean; connections: number }>(
          `SELECT pg_is_in_recovery() AS recovering,
                  (SELECT count(*)::int FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid()) AS connections`,
        )
        expect(rows[0]).toMatchObject({ recovering: true })
        expect(rows[0]!.connections).toBeGreaterThan(0)
      }, 5_000)
    } finally {
      await onReplica.end()
    }
  })

  describe('while the replica replays nothing (paused: stale for certain)', () => {
    beforeAll(() => replica.pauseReplay())
    afterAll(() => replica.resumeReplay())

    it('serves public anonymous reads from the replica: a new page appears once it catches up', async () => {
      const token = await logIn(credentials.editorEmail, credentials.editorPassword)
      const slug = unique('replicated')
      const created = await call('/api/pages', {
        method: 'POST',
        token,
        body: { title: slug, slug, _status: 'published' },
      })
      expect(created.status).toBe(201)
      const query = `/api/pages?where[slug][equals]=${slug}&depth=0`
      // The editor (a credential) reads the primary: the page is there at once.
      expect((await call(query, { token })).body.totalDocs).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, payloadWindowMs))
      // Anonymous readers of published pages read the paused replica: not yet.
      const anonymous = await call(query)
      expect(anonymous.status).toBe(200)
      expect(anonymous.body.totalDocs).toBe(0)
      await replica.resumeReplay()
      expect((await call(query)).body.totalDocs).toBe(1)
      await replica.pauseReplay()
    })

    it('a login is current at once: /api/users/me and /api/v1/me know the new session', async () => {
      const token = await logIn(credentials.adminEmail, credentials.adminPassword)
      await atOnceAndLater(async () => {
        const me = await call('/api/users/me', { token })
        expect(me.status).toBe(200)
        expect(me.body.user?.email).toBe(credentials.adminEmail)
        const v1 = await call('/api/v1/me', { token })
        expect(v1.status).toBe(200)
      })
    })

    it("an editor reads back the article they just created, through Payload's REST and v1", async () => {
      const token = await logIn(credentials.editorEmail, credentials.editorPassword)
      const slug = unique('own-write')
      const id = await createArticle(token, { slug })
      await atOnceAndLater(async () => {
        const own = await call(`/api/articles/${id}?depth=0`, { token })
        expect(own.status).toBe(200)
        expect(own.body.slug).toBe(slug)
        expect((await call(`/api/v1/articles/${id}`, { token })).status).toBe(200)
      })
    })

    it('an API consumer lists the subscription it just created; its test event is delivered', async () => {
      const apiKey = credentials.consumerApiKey
      const created = await call('/webhooks/subscriptions', {
        method: 'POST',
        apiKey,
        body: { endpoint_url: receiver.url(`/${unique('hook')}`), events: ['order.paid'] },
      })
      expect(created.status).toBe(201)
      const id = created.body.id as string
      await atOnceAndLater(async () => {
        const listed = await call('/webhooks/subscriptions?per_page=100', { apiKey })
        expect(listed.status).toBe(200)
        expect(JSON.stringify(listed.body)).toContain(id)
        expect((await call(`/webhooks/subscriptions/${id}`, { apiKey })).status).toBe(200)
      })
      // The background worker (outside any request) finds the queued test event and sends it.
      const endpoint = new URL(created.body.endpoint_url as string).pathname
      await receiver.waitFor((posts) => posts.some((post) => post.path === endpoint))
    })

    it("the portal's change is what the portal reads next", async () => {
      const apiKey = credentials.consumerApiKey
      const created = await call('/webhooks/subscriptions', {
        method: 'POST',
        apiKey,
        body: { endpoint_url: receiver.url(`/${unique('portal')}`), events: ['order.paid'] },
      })
      expect(created.status).toBe(201)
      const id = created.body.id as string
      const link = await call('/webhooks/portal-sessions', { method: 'POST', apiKey, body: {} })
      expect(link.status).toBe(201)
      const origin = { origin: app.baseUrl }
      const exchanged = await call('/webhooks/portal-sessions/exchange', {
        method: 'POST',
        headers: origin,
        body: { token: new URL(link.body.url as string).hash.replace('#token=', '') },
      })
      expect(exchanged.status).toBe(200)
      const cookie = exchanged.headers.get('set-cookie')!.split(';')[0]!
      const description = unique('changed in the portal')
      const changed = await call(`/webhooks/subscriptions/${id}`, {
        method: 'PATCH',
        headers: { ...origin, cookie },
        body: { description },
      })
      expect(changed.status).toBe(200)
      await atOnceAndLater(async () => {
        const read = await call(`/webhooks/subscriptions/${id}`, { headers: { cookie } })
        expect(read.status).toBe(200)
        expect(JSON.stringify(read.body)).toContain(description)
      })
    })

    it('a guest checks out and pays; the order is paid for the admin at once; order.paid is sent', async () => {
      const subscribed = await call('/webhooks/subscriptions', {
        method: 'POST',
        apiKey: credentials.consumerApiKey,
        body: { endpoint_url: receiver.url(`/${unique('paid')}`), events: ['order.paid'] },
      })
      expect(subscribed.status).toBe(201)
      const products = await call('/api/products?limit=1&depth=0')
      const product = products.body.docs[0] as { id: number }
      const placed = await call('/api/orders/checkout', {
        method: 'POST',
        body: {
          items: [{ productId: product.id, quantity: 1 }],
          customerEmail: 'replica@example.com',
          shippingAddress: address,
        },
      })
      expect(placed.status).toBe(201)
      const { orderId, paymentUrl } = placed.body as { orderId: number; paymentUrl: string }
      // The guest follows the payment link at once: the sandbox's page shows the new session.
      const page = await fetch(paymentUrl)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain(`Order #${orderId}`)
      // Pay: the sandbox sends the shop its signed checkout.session.completed (the Stripe callback).
      const paid = await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })
      expect(paid.status).toBe(303)
      const token = await logIn(credentials.adminEmail, credentials.adminPassword)
      await eventually(async () => {
        const order = await call(`/api/orders/${orderId}?depth=0`, { token })
        expect(order.status).toBe(200)
        expect(order.body.status).toBe('paid')
      })
      await atOnceAndLater(async () => {
        const order = await call(`/api/orders/${orderId}?depth=0`, { token })
        expect(order.body.status).toBe('paid')
      })
      const endpoint = new URL(subscribed.body.endpoint_url as string).pathname
      const posts = await receiver.waitFor((received) =>
        received.some((post) => post.path === endpoint && post.body.includes('order.paid')),
      )
      expect(posts.some((post) => post.body.includes(`"id":${orderId}`))).toBe(true)
    })

    it('a publication scheduled now is made by the job runner on time', async () => {
      const token = await logIn(credentials.editorEmail, credentials.editorPassword)
      const slug = unique('scheduled')
      const id = await createArticle(token, {
        slug,
        publishAt: new Date(Date.now() + 2000).toISOString(),
      })
      await eventually(async () => {
        const article = await call(`/api/v1/articles/${id}`, { token })
        expect(article.body.data?.status).toBe('published')
      })
    })

    it('rate limits count every request at once', async () => {
      const inquiry = { name: 'Rita', email: 'rita@example.com', message: 'Hello' }
      for (let sent = 1; sent <= 3; sent++) {
        const answer = await call('/api/contact', { method: 'POST', body: inquiry })
        expect(answer.status).toBe(200)
      }
      expect((await call('/api/contact', { method: 'POST', body: inquiry })).status).toBe(429)
    })
  })

  it('a replica that goes away costs the public reads in flight; they go to the primary, then back', async () => {
    const token = await logIn(credentials.editorEmail, credentials.editorPassword)
    const publishPage = async () => {
      const slug = unique('away')
      const created = await call('/api/pages', {
        method: 'POST',
        token,
        body: { title: slug, slug, _status: 'published' },
      })
      expect(created.status).toBe(201)
      await new Promise((resolve) => setTimeout(resolve, payloadWindowMs))
      return `/api/pages?where[slug][equals]=${slug}&depth=0`
    }
    // Replay paused: a page published now is on the primary only, which tells where a read went.
    await replica.pauseReplay()
    const first = await publishPage()
    expect((await call(first)).body.totalDocs).toBe(0)
    await replica.stopReplica()
    try {
      // The first public read may still fail; the next ones are answered by the primary.
      await call(first)
      await eventually(async () => {
        const read = await call(first)
        expect(read.status).toBe(200)
        expect(read.body.totalDocs).toBe(1)
      }, 5_000)
      for (let read = 0; read < 5; read++) {
        expect((await call(first)).status).toBe(200)
      }
      // ...and nothing else notices: logins, own reads, readiness, the process itself.
      expect((await call('/api/users/me', { token })).body.user?.email).toBe(
        credentials.editorEmail,
      )
      expect((await call('/api/health/ready')).status).toBe(200)
      expect(app.process.exitCode).toBeNull()
    } finally {
      await replica.startReplica()
    }
    // Back on the replica (paused again) within the pause after it returns: a new page is not
    // there yet for anonymous readers.
    await replica.pauseReplay()
    try {
      const second = await publishPage()
      await eventually(async () => {
        const read = await call(second)
        expect(read.status).toBe(200)
        expect(read.body.totalDocs).toBe(0)
      }, 20_000)
    } finally {
      await replica.resumeReplay()
    }
    expect(app.process.exitCode).toBeNull()
  })

  it('an app started while its replica is down comes up, serves public reads and stops cleanly', async () => {
    await app.stop()
    await replica.stopReplica()
    let second: StartedApp | undefined
    try {
      second = await startApp({
        reuse: app,
        showOutput: Boolean(process.env.SHOW_APP_OUTPUT),
        env: appEnv(),
      })
      const started = second
      await eventually(async () => {
        const read = await call('/api/pages?limit=1&depth=0', {}, started)
        expect(read.status).toBe(200)
        expect(read.body.totalDocs).toBeGreaterThan(0)
      }, 5_000)
      expect((await call('/api/products?limit=1&depth=0', {}, started)).status).toBe(200)
      expect(second.process.exitCode).toBeNull()
      await second.stop({ keepDatabase: true })
      expect(await second.exited).toBe(0)
    } finally {
      await second?.stop({ keepDatabase: true })
      await replica.startReplica()
    }
  })
})
