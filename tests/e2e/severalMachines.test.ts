import { once } from 'node:events'
import net from 'node:net'

import pg from 'pg'
import sharp from 'sharp'
import { Agent, fetch as fetchWithoutKeepAlive } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { startBalancer, type Balancer } from '../helpers/nginx'
import { signalGroup } from '../helpers/processGroups'
import { multipartUpload } from '../helpers/restOverHttp'
import { startS3Server, type S3Server } from '../helpers/s3Server'
import { startApp, type StartedApp } from '../helpers/startApp'
import { address } from '../helpers/shop'
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { workerProcesses } from '../helpers/webhookWorkers'

// Issue 33, item 5: the deployment shape of docs/operations.md ("Several machines"), run on
// loopback as it is documented: Debian's nginx with deploy/nginx/app.conf in front of two
// production app servers (background work off) and one `npm run worker`, on one PostgreSQL,
// with the media in an S3-compatible server (s3rver). SHOW_APP_OUTPUT=1 prints what the app
// servers print.
const showOutput = Boolean(process.env.SHOW_APP_OUTPUT)
const consumerKey = seedCredentials().consumerApiKey
const contactLimit = 3

let s3: S3Server
let receiver: WebhookReceiver
let balancer: Balancer
const apps: (StartedApp | undefined)[] = []
const workers = workerProcesses()
let database: pg.Client
let editorToken: string

/** What every app server is given: the documented variables of a web process in this shape. */
const webEnvironment = () => ({
  ...(s3.environment as Record<string, string>),
  WEBHOOK_WORKER: 'off',
  JOBS: 'off',
  TRUSTED_PROXY_HOPS: '1',
  PAYMENT_SANDBOX: 'true',
  STRIPE_SECRET_KEY: '',
  WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
  RATE_LIMIT_CONTACT: `${contactLimit}/600`,
  // One client (this test) streams hundreds of reads and checkouts through one address.
  RATE_LIMIT_DEFAULT: '1000000/60',
  CHECKOUT_MAX_PENDING_ORDERS: '1000000',
  CHECKOUT_MAX_HELD_UNITS: '1000000000',
})

const portOf = (app: StartedApp) => new URL(app.baseUrl).port

/** Starts (or starts again, on its port) app server `index` on the shape's one database. */
async function startWeb(index: number, port?: string) {
  const reuse = apps.find((app) => app !== undefined)
  apps[index] = await startApp({
    showOutput,
    reuse,
    env: { ...webEnvironment(), ...(port ? { PORT: port } : {}) },
  })
  return apps[index]!
}

beforeAll(async () => {
  s3 = await startS3Server()
  receiver = await startWebhookReceiver(() => ({ status: 200 }))
  const first = await startWeb(0)
  await startWeb(1)
  await workers.start({
    DATABASE_URL: first.databaseUrl,
    PAYLOAD_SECRET: 'throwaway-app-secret',
    WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
    JOBS_POLL_SECONDS: '0.5',
    // As startApp gives the app servers: the editor's scheduled article needs no review here.
    REVIEW_REQUIRED_FOR: 'none',
    ...(s3.environment as Record<string, string>),
  })
  balancer = await startBalancer(apps.map((app) => `127.0.0.1:${portOf(app!)}`))
  database = new pg.Client({ connectionString: first.databaseUrl })
  await database.connect()
  const credentials = seedCredentials()
  const login = await fetch(`${balancer.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.editorEmail, password: credentials.editorPassword }),
  })
  expect(login.status).toBe(200)
  editorToken = ((await login.json()) as { token: string }).token
}, 600_000)

afterAll(async () => {
  await balancer?.stop()
  workers.killAll()
  await database?.end()
  const started = apps.filter((app): app is StartedApp => app !== undefined)
  for (const app of started.slice(1)) await app.stop({ keepDatabase: true })
  await started[0]?.stop()
  await receiver?.close()
  await s3?.stop()
})

/** A request through the balancer: its status, which app server answered, and its JSON. */
async function viaBalancer(path: string, init: RequestInit = {}) {
  const response = await fetch(`${balancer.baseUrl}${path}`, {
    ...init,
    signal: AbortSignal.timeout(60_000),
  })
  const text = await response.text()
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream') ?? '',
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : text,
  }
}

const editorHeaders = () => ({ authorization: `JWT ${editorToken}` })

/** A product only this test sells, with `stock` units, made by the editor through the balancer. */
async function productWithStock(stock: number) {
  const suffix = Math.random().toString(36).slice(2, 8)
  const created = await viaBalancer('/api/products', {
    method: 'POST',
    headers: { ...editorHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Shape ${suffix}`,
      slug: `shape-${suffix}`,
      price: 100,
      stock,
      active: true,
    }),
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return (created.body as { doc: { id: number } }).doc.id
}

/** A guest's checkout of one unit of `productId`. */
const guestCheckoutOf = (productId: number) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    items: [{ productId, quantity: 1 }],
    customerEmail: 'shape@example.com',
    shippingAddress: address,
  }),
})

/** Stock on the shelf plus the units pending and paid orders hold: what was there at the start. */
async function stockAndHeld(productId: number) {
  const { rows } = await database.query<{ stock: string; held: string }>(
    `SELECT p.stock,
            coalesce((SELECT sum(i.quantity) FROM orders_items i JOIN orders o ON o.id = i._parent_id
                      WHERE i.product_id = p.id AND o.status IN ('pending', 'paid')), 0) AS held
     FROM products p WHERE p.id = $1`,
    [productId],
  )
  return Number(rows[0]!.stock) + Number(rows[0]!.held)
}

/**
 * Streams article reads (4 at a time) and guest checkouts of one unit of `productId` (2 at a
 * time) through the balancer until `stop()`; then what each got.
 */
function streamTraffic(productId: number) {
  // A connection of its own for each request, as the many clients of a real site have: over a
  // kept-alive one, a request can race nginx closing it at a reload, which a browser retries
  // and this loop would count as the app's failure.
  const dispatcher = new Agent({ pipelining: 0 })
  const fetch = (url: string, init: Parameters<typeof fetchWithoutKeepAlive>[1]) =>
    fetchWithoutKeepAlive(url, { ...init, dispatcher })
  let isStopping = false
  const reads: { status: number; error?: string }[] = []
  const checkouts: { status: number; orderId?: number; error?: string }[] = []
  const reader = async () => {
    while (!isStopping) {
      try {
        const response = await fetch(`${balancer.baseUrl}/api/v1/articles?limit=5`, {
          headers: { 'x-api-key': consumerKey },
          signal: AbortSignal.timeout(60_000),
        })
        await response.arrayBuffer()
        reads.push({ status: response.status })
      } catch (error) {
        reads.push({ status: 0, error: String(error) })
      }
    }
  }
  const buyer = async () => {
    while (!isStopping) {
      try {
        const response = await fetch(`${balancer.baseUrl}/api/orders/checkout`, {
          ...guestCheckoutOf(productId),
          signal: AbortSignal.timeout(60_000),
        })
        const body = (await response.json().catch(() => ({}))) as { orderId?: number }
        checkouts.push({ status: response.status, orderId: body.orderId })
      } catch (error) {
        checkouts.push({ status: 0, error: String(error) })
      }
    }
  }
  const running = Promise.all([...Array.from({ length: 4 }, reader), buyer(), buyer()])
  return {
    counts: () => ({ reads: reads.length, checkouts: checkouts.length }),
    stop: async () => {
      isStopping = true
      await running
      await dispatcher.close()
      return { reads, checkouts }
    },
  }
}

/** Waits until the stream has made `more` further requests of each kind. */
async function whileTrafficFlows(traffic: ReturnType<typeof streamTraffic>, more: number) {
  const from = traffic.counts()
  await eventually(() => {
    const now = traffic.counts()
    return now.reads >= from.reads + more && now.checkouts >= from.checkouts + more / 4
  }, 120_000)
}

/** The pieces in which a raw HTTP/1.1 answer reaches the client over loopback. */
async function piecesOfOneAnswer(app: StartedApp, path: string, headers: Record<string, string>) {
  const socket = net.connect(Number(portOf(app)), '127.0.0.1')
  const pieces: string[] = []
  socket.on('data', (data) => pieces.push(data.toString()))
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${lines.join('')}\r\n`,
  )
  await once(socket, 'close')
  return pieces
}

/** Every accepted order (201 with an id) is in the database. */
async function expectOrdersKept(checkouts: { status: number; orderId?: number }[]) {
  const accepted = checkouts.filter((checkout) => checkout.status === 201)
  expect(accepted.length).toBeGreaterThan(0)
  const ids = accepted.map((checkout) => checkout.orderId!)
  const { rows } = await database.query<{ id: number }>(
    'SELECT id FROM orders WHERE id = ANY($1::int[])',
    [ids],
  )
  expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b))
}

describe('two app servers behind nginx, one worker, one PostgreSQL, media in S3', () => {
  it('serves an image uploaded through one app server from the other, and through nginx', async () => {
    const png = await sharp({
      // Over the card size (768x512), so that the card is made too.
      create: { width: 1000, height: 700, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer()
    const [one, other] = apps as [StartedApp, StartedApp]
    const form = multipartUpload(
      { data: png, filename: 'shape.png', contentType: 'image/png' },
      { alt: 'Shape test' },
    )
    const response = await fetch(`${one.baseUrl}/api/media`, {
      method: 'POST',
      headers: { ...editorHeaders(), 'content-type': form.contentType },
      body: form.body,
    })
    const uploaded = { status: response.status, body: (await response.json()) as unknown }
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    const doc = (
      uploaded.body as { doc: { filename: string; sizes: { card: { filename: string } } } }
    ).doc
    for (const filename of [doc.filename, doc.sizes.card.filename]) {
      for (const base of [other.baseUrl, balancer.baseUrl]) {
        const response = await fetch(`${base}/api/media/file/${filename}`)
        expect(response.status).toBe(200)
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        const bytes = Buffer.from(await response.arrayBuffer())
        if (filename === doc.filename) expect(bytes.equals(png)).toBe(true)
        else expect((await sharp(bytes).metadata()).format).toBe('webp')
      }
    }
  })

  it("a refused upload through nginx leaves the client's kept-alive connection working", async () => {
    // One connection, kept alive, as a browser or a storefront's pool keeps it.
    const client = new Agent({ connections: 1 })
    const logBefore = (await balancer.errors()).length
    const upload = async (megabytes: number) => {
      const form = multipartUpload(
        {
          data: Buffer.alloc(Math.round(megabytes * 1024 * 1024)),
          filename: 'big.png',
          contentType: 'image/png',
        },
        { alt: 'Too large' },
      )
      const response = await fetchWithoutKeepAlive(`${balancer.baseUrl}/api/media`, {
        method: 'POST',
        headers: { ...editorHeaders(), 'content-type': form.contentType },
        body: form.body,
        dispatcher: client,
        signal: AbortSignal.timeout(60_000),
      })
      return { status: response.status, text: await response.text() }
    }
    const nextRead = async () => {
      const response = await fetchWithoutKeepAlive(`${balancer.baseUrl}/api/media?limit=1`, {
        headers: editorHeaders(),
        dispatcher: client,
        signal: AbortSignal.timeout(30_000),
      })
      await response.arrayBuffer()
      return response.status
    }
    try {
      // Over MEDIA_MAX_MEGABYTES (10) but within client_max_body_size (11m): nginx passes it on
      // whole, and the app refuses it, naming its limit.
      const app = await upload(10.5)
      expect(app.status, app.text.slice(0, 300)).toBe(413)
      expect(app.text).toContain('at most 10 MB')
      expect(await nextRead()).toBe(200)
      // Over client_max_body_size: nginx refuses it itself, from the declared length.
      const balancerRefusal = await upload(12)
      expect(balancerRefusal.status).toBe(413)
      expect(await nextRead()).toBe(200)
      // Nor did an app server reset nginx's connection while it sent the body.
      expect((await balancer.errors()).slice(logBefore)).not.toMatch(/reset by peer|prematurely/)
    } finally {
      await client.close()
    }
  })

  it('counts rate limits across app servers', async () => {
    const statuses: number[] = []
    const upstreams = new Set<string>()
    for (let attempt = 1; attempt <= contactLimit + 1; attempt++) {
      const sent = await viaBalancer('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Shape', email: 'shape@example.com', message: 'Hello' }),
      })
      statuses.push(sent.status)
      upstreams.add(sent.upstream)
    }
    // Both servers answered, and the limit held over the sum of what each saw.
    expect(upstreams.size).toBe(2)
    expect(statuses).toEqual([...Array(contactLimit).fill(200), 429])
  })

  it('delivers a webhook once and fires a scheduled publication once', async () => {
    const subscribed = await viaBalancer('/webhooks/subscriptions', {
      method: 'POST',
      headers: { 'x-api-key': consumerKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint_url: receiver.url('/shape'),
        events: ['order.created', 'article.published'],
      }),
    })
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201)

    const productId = await productWithStock(5)
    const checkout = await viaBalancer('/api/orders/checkout', guestCheckoutOf(productId))
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201)
    const orderId = (checkout.body as { orderId: number }).orderId

    const authors = await viaBalancer('/api/authors?limit=1', { headers: editorHeaders() })
    const authorId = (authors.body as { docs: { id: number }[] }).docs[0]!.id
    const draft = await viaBalancer('/api/articles?draft=true', {
      method: 'POST',
      headers: { ...editorHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Scheduled in the shape', author: authorId }),
    })
    expect(draft.status, JSON.stringify(draft.body)).toBe(201)
    const articleId = (draft.body as { doc: { id: number } }).doc.id
    const editorId = (
      await database.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
        seedCredentials().editorEmail,
      ])
    ).rows[0]!.id
    // As the admin panel's Schedule publish queues it (docs/scheduling.md), due in a second.
    await database.query(
      `INSERT INTO payload_jobs (input, task_slug, queue, wait_until)
       VALUES ($1, 'schedulePublish', 'default', now() + interval '1 second')`,
      [
        {
          type: 'publish',
          doc: { relationTo: 'articles', value: String(articleId) },
          user: { relationTo: 'users', value: editorId },
        },
      ],
    )

    const posts = () =>
      receiver
        .posts()
        .map((post) => JSON.parse(post.body) as { type: string; data: { id: number } })
    await eventually(
      () =>
        posts().some((post) => post.type === 'order.created' && post.data.id === orderId) &&
        posts().some((post) => post.type === 'article.published' && post.data.id === articleId),
      60_000,
    )
    // A few more polls of the worker and both app servers: nothing comes twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const of = (type: string, id: number) =>
      posts().filter((post) => post.type === type && post.data.id === id)
    expect(of('order.created', orderId)).toHaveLength(1)
    expect(of('article.published', articleId)).toHaveLength(1)
    const published = await viaBalancer(`/api/v1/articles/${articleId}`, {
      headers: { 'x-api-key': consumerKey },
    })
    expect(published.status).toBe(200)
  })

  it('kill -9 of one app server under reads and checkouts: no read fails, no accepted order is lost', async () => {
    // Each JSON answer leaves an app server in one write (src/http/wholeAnswers.mjs): the client
    // reads it in one piece, where Next alone sends headers, body and its end apart.
    const pieces = await piecesOfOneAnswer(apps[1]!, '/api/v1/articles?limit=5', {
      'x-api-key': consumerKey,
    })
    expect(pieces[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(pieces).toHaveLength(1)

    const productId = await productWithStock(100_000)
    const before = await stockAndHeld(productId)
    const traffic = streamTraffic(productId)
    await whileTrafficFlows(traffic, 40)
    const victim = apps[1]!
    try {
      signalGroup(victim.process, 'SIGKILL')
      await victim.exited
      await whileTrafficFlows(traffic, 80)
      const { reads, checkouts } = await traffic.stop()

      // A JSON answer leaves a server in one write (src/http/wholeAnswers.mjs): the killed
      // server had sent all of an answer or nothing, and nginx sends a read it had not answered
      // to the other server. No read fails, none is cut.
      const errors = await balancer.errors()
      expect(
        reads.filter((read) => read.status !== 200),
        errors,
      ).toEqual([])
      await expectOrdersKept(checkouts)
      // A checkout in flight on the killed server answers 502 (nginx does not send a POST to a
      // second server once the first may have taken it) and holds nothing: the transaction of a
      // killed server is rolled back, and one that committed holds its units in its order.
      expect(
        checkouts.filter((checkout) => ![201, 502].includes(checkout.status)),
        errors,
      ).toEqual([])
      expect(await stockAndHeld(productId)).toBe(before)
    } finally {
      await startWeb(1, portOf(victim))
    }
  })

  it('a rolling restart (take one out of nginx, SIGTERM it, start it again, put it back, then the other) fails no request', async () => {
    const productId = await productWithStock(100_000)
    const before = await stockAndHeld(productId)
    const traffic = streamTraffic(productId)
    await whileTrafficFlows(traffic, 20)
    for (const index of [0, 1]) {
      const app = apps[index]!
      const upstream = `127.0.0.1:${portOf(app)}`
      // As docs/operations.md says: out of the rotation first, so that no new connection is
      // queued on a server that is closing its port (the kernel resets those), then SIGTERM.
      await balancer.drain(upstream, true)
      await app.stop({ keepDatabase: true })
      expect(await app.exited).toBe(0)
      await whileTrafficFlows(traffic, 20)
      await startWeb(index, portOf(app))
      await balancer.drain(upstream, false)
      await whileTrafficFlows(traffic, 20)
    }
    const { reads, checkouts } = await traffic.stop()

    // nginx's error log says which server refused or cut what, should a request fail.
    const errors = await balancer.errors()
    expect(
      reads.filter((read) => read.status !== 200),
      errors,
    ).toEqual([])
    expect(
      checkouts.filter((checkout) => checkout.status !== 201),
      errors,
    ).toEqual([])
    await expectOrdersKept(checkouts)
    expect(await stockAndHeld(productId)).toBe(before)
  })
})
