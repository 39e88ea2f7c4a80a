import pg from 'pg'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startApp, type StartedApp } from '../helpers/startApp'
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { workerProcesses } from '../helpers/webhookWorkers'

// The app as `npm start` runs it, started, stopped and started again on one database, as an
// orchestrator does: boot without any request, SIGTERM under keep-alive load.
const env = { WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback', SHUTDOWN_TIMEOUT_SECONDS: '25' }
// SHOW_APP_OUTPUT=1 prints what the app servers print.
const showOutput = Boolean(process.env.SHOW_APP_OUTPUT)
const consumerKey = 'demo-consumer-key-0123456789abcdef'

let receiver: WebhookReceiver
let first: StartedApp | undefined
let second: StartedApp | undefined
const workers = workerProcesses()

beforeAll(async () => {
  // Each delivery takes 300 ms to answer, so that sends are in flight when the app is stopped.
  receiver = await startWebhookReceiver(() => ({ status: 200, delayMs: 300 }))
})

afterAll(async () => {
  workers.killAll()
  await second?.stop({ keepDatabase: true })
  await first?.stop()
  await receiver?.close()
})

/** Writes business events straight into the outbox, as the app's transactions do. */
async function queueEvents(databaseUrl: string, prefix: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `INSERT INTO webhook_outbox (id, type, data)
       SELECT gen_random_uuid(), 'order.created', jsonb_build_object('id', $1::text || n)
       FROM generate_series(1, $2::int) AS n`,
      [prefix, count],
    )
    await client.query(`SELECT pg_notify('webhook_outbox', '')`)
  } finally {
    await client.end()
  }
}

/** The `order.created` posts the receiver got whose data id starts with `prefix`. */
const postsOf = (prefix: string) =>
  receiver
    .posts()
    .map((post) => ({ id: post.headers['webhook-id'], body: JSON.parse(post.body) }))
    .filter((post) => post.body.type === 'order.created')
    .filter((post) => String(post.body.data.id).startsWith(prefix))

describe('the app server', () => {
  it('starts its background work at boot: a delivery queued while it was down arrives before any request', async () => {
    first = await startApp({ env, showOutput })
    const created = await fetch(`${first.baseUrl}/webhooks/subscriptions`, {
      method: 'POST',
      headers: { 'x-api-key': consumerKey, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint_url: receiver.url('/lifecycle'), events: ['order.created'] }),
    })
    expect(created.status).toBe(201)
    await first.stop({ keepDatabase: true })
    expect(await first.exited).toBe(0)

    await queueEvents(first.databaseUrl, 'boot-', 20)
    // Ready when it logs that Payload is initialised: no request is sent to it.
    second = await startApp({ env, showOutput, reuse: first, readyWhen: 'booted' })
    await eventually(() => postsOf('boot-').length === 20, 60_000)
  })

  it('logs JSON lines, a wrong password at info without a stack, each line with its request id', async () => {
    const app = second!
    const response = await fetch(`${app.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'wrong-password-1' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'not-the-password' }),
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('x-request-id')).toBe('wrong-password-1')
    const linesOf = (requestId: string) =>
      app
        .output()
        .split('\n')
        .filter((line) => line.includes(requestId))
    await eventually(() => linesOf('wrong-password-1').length > 0, 10_000)
    const lines = linesOf('wrong-password-1')
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>
      expect(entry).toMatchObject({ level: 30, requestId: 'wrong-password-1' })
      expect(entry.err).toBeUndefined()
    }
    expect(lines.join('\n')).toContain('incorrect')
    // Nothing at error level so far: the app has only served what it should.
    const errors = app
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50)
    expect(errors).toEqual([])
  })

  it('stops on SIGTERM under keep-alive load: every started request answered, exit 0, no delivery lost or sent twice', async () => {
    const app = second!
    const agent = new Agent({ connections: 8, keepAliveTimeout: 30_000 })
    const tally = {
      answered: 0,
      answeredAfterSignal: 0,
      serverErrors: 0,
      refused: 0,
      failed: [] as string[],
    }
    let signalled = false
    // Eight keep-alive connections, each sending one request after another until the server
    // refuses new connections (a request that never connected never started).
    const load = Array.from({ length: 8 }, async () => {
      for (;;) {
        try {
          const response = await request(`${app.baseUrl}/api/products?limit=2&depth=0`, {
            dispatcher: agent,
          })
          await response.body.text()
          tally.answered++
          if (signalled) tally.answeredAfterSignal++
          if (response.statusCode >= 500) tally.serverErrors++
        } catch (error) {
          const code = (error as { code?: string }).code ?? ''
          if (code === 'ECONNREFUSED') {
            tally.refused++
            return
          }
          tally.failed.push(`${code}: ${(error as Error).message}`)
          if (!signalled) return
        }
      }
    })
    await eventually(() => tally.answered > 50, 30_000)

    await queueEvents(app.databaseUrl, 'term-', 60)
    await eventually(() => postsOf('term-').length >= 5, 30_000)
    signalled = true
    app.process.kill('SIGTERM')
    const code = await app.exited
    await Promise.all(load)
    await agent.close()

    expect(code).toBe(0)
    expect(app.output()).toContain('Stopped')
    expect(tally.failed).toEqual([])
    expect(tally.serverErrors).toBe(0)
    expect(tally.answeredAfterSignal).toBeGreaterThan(0)
    expect(tally.refused).toBe(8)

    // What it had not sent was given back: a worker sends the rest, nothing twice.
    await workers.start({
      DATABASE_URL: app.databaseUrl,
      PAYLOAD_SECRET: 'throwaway-app-secret',
      ...env,
    })
    await eventually(() => postsOf('term-').length >= 60, 60_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const ids = postsOf('term-').map((post) => post.id)
    expect(ids).toHaveLength(60)
    expect(new Set(ids).size).toBe(60)
  })
})
