import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { startApp, type StartedApp } from '../helpers/startApp'
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

// Issue 53, item 5: a scheduled release at its time with two app servers on one database, each
// running the jobs queue (fast poll) and its webhook worker, as `npm start` runs them: the
// release goes out once, each document's event is delivered once, the audit trail has each
// publication once. SHOW_APP_OUTPUT=1 prints what the app servers print.
const showOutput = Boolean(process.env.SHOW_APP_OUTPUT)
const consumerKey = seedCredentials().consumerApiKey

const environment = {
  JOBS: 'on',
  JOBS_POLL_SECONDS: '0.2',
  WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
  PAYMENT_SANDBOX: 'true',
  STRIPE_SECRET_KEY: '',
  RATE_LIMIT_DEFAULT: '1000000/60',
}

let receiver: WebhookReceiver
const apps: StartedApp[] = []
let database: pg.Client
let editorToken: string

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => ({ status: 200 }))
  apps.push(await startApp({ showOutput, env: environment }))
  apps.push(await startApp({ showOutput, env: environment, reuse: apps[0] }))
  database = new pg.Client({ connectionString: apps[0]!.databaseUrl })
  await database.connect()
  const credentials = seedCredentials()
  const login = await fetch(`${apps[0]!.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.editorEmail, password: credentials.editorPassword }),
  })
  expect(login.status).toBe(200)
  editorToken = ((await login.json()) as { token: string }).token
}, 600_000)

afterAll(async () => {
  await database?.end()
  for (const app of apps.slice(1)) await app.stop({ keepDatabase: true })
  await apps[0]?.stop()
  await receiver?.close()
})

/** A JSON request to app server `index` as the editor. */
async function asEditor(
  index: number,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const response = await fetch(`${apps[index]!.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `JWT ${editorToken}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(60_000),
  })
  return { status: response.status, body: (await response.json()) as any }
}

describe('a scheduled release with two app servers running the queue', () => {
  it('goes out once: each document published once, its event delivered once, audited once', async () => {
    const subscribed = await fetch(`${apps[1]!.baseUrl}/webhooks/subscriptions`, {
      method: 'POST',
      headers: { 'x-api-key': consumerKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint_url: receiver.url('/releases'),
        events: ['article.published'],
      }),
    })
    expect(subscribed.status).toBe(201)

    const authors = await asEditor(0, '/api/authors?limit=1')
    const authorId = authors.body.docs[0].id as number
    const articles: number[] = []
    for (const title of ['Released together one', 'Released together two']) {
      const draft = await asEditor(0, '/api/articles?draft=true', {
        method: 'POST',
        body: { title, author: authorId },
      })
      expect(draft.status, JSON.stringify(draft.body)).toBe(201)
      articles.push(draft.body.doc.id)
    }
    const page = await asEditor(1, '/api/pages?draft=true', {
      method: 'POST',
      body: { title: 'Released together page', slug: 'released-together-page' },
    })
    expect(page.status, JSON.stringify(page.body)).toBe(201)

    const releaseAt = new Date(Date.now() + 4000).toISOString()
    const created = await asEditor(0, '/api/releases', {
      method: 'POST',
      body: {
        name: 'Two servers at one time',
        releaseAt,
        items: [
          ...articles.map((id) => ({ relationTo: 'articles', value: id })),
          { relationTo: 'pages', value: page.body.doc.id },
        ].map((document) => ({ document, action: 'publish', locale: 'all' })),
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const releaseId = created.body.doc.id as number

    const released = await eventually(async () => {
      const read = await asEditor(1, `/api/releases/${releaseId}?depth=0`)
      return read.body.status === 'released' ? read.body : undefined
    }, 60_000)
    expect(released.result).toBe('3 documents released.')

    // Every event delivered: the outbox drained and no delivery left to make.
    const posts = () =>
      receiver
        .posts()
        .map((post) => JSON.parse(post.body) as { type: string; data: { id: number } })
        .filter((post) => post.type === 'article.published' && articles.includes(post.data.id))
    await eventually(() => posts().length >= articles.length, 60_000)
    await eventually(async () => {
      const { rows } = await database.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM webhook_outbox)
              + (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'delivering')) AS n`,
      )
      return Number(rows[0]!.n) === 0
    }, 60_000)
    expect(
      posts()
        .map((post) => post.data.id)
        .sort(),
    ).toEqual([...articles].sort())

    const events = await database.query<{ id: string }>(
      `SELECT data->>'id' AS id FROM webhook_events WHERE type = 'article.published'
        AND data->>'id' = ANY($1)`,
      [articles.map(String)],
    )
    expect(events.rows.map((row) => Number(row.id)).sort()).toEqual([...articles].sort())

    // Its job ran and is gone (Payload deletes a completed job): none left to run again.
    const jobs = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'runRelease'
        AND (input->>'releaseId')::int = $1`,
      [releaseId],
    )
    expect(jobs.rows[0]!.n).toBe(0)

    // The audit trail: each document's publication once.
    const audit = await database.query<{ target: string; n: number }>(
      `SELECT target_collection || ' ' || target_id AS target, count(*)::int AS n FROM audit_log
        WHERE timestamp >= $1 AND action = 'publish'
          AND ((target_collection = 'articles' AND target_id = ANY($2))
            OR (target_collection = 'pages' AND target_id = $3))
        GROUP BY 1 ORDER BY 1`,
      [releaseAt, articles.map(String), String(page.body.doc.id)],
    )
    expect(audit.rows).toEqual(
      [...articles.map((id) => `articles ${id}`), `pages ${page.body.doc.id}`]
        .sort()
        .map((target) => ({ target, n: 1 })),
    )
  })
})
