import type { ChildProcess } from 'node:child_process'
import net from 'node:net'

import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { consumerWithKey } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'

const token = 'worker-metrics-token-0123456789'
const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let port: number
let child: ChildProcess
const workers = webhooks.processes

/** A port nothing listens on now: taken and given back. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo
      server.close(() => resolve(free))
    })
  })

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}${path}`, { headers })

/** The value of one series in the exposition text (undefined when absent). */
function valueOf(text: string, series: string) {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
  port = await freePort()
  child = await workers.start({ WORKER_HTTP_PORT: String(port), METRICS_TOKEN: token })
})

describe('npm run worker with WORKER_HTTP_PORT', () => {
  it('answers liveness and readiness, its own worker running', async () => {
    const health = await get('/api/health')
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })

    const ready = await get('/api/health/ready')
    expect(ready.status).toBe(200)
    const body = await ready.json()
    expect(body.status).toBe('ok')
    expect(body.checks.database.ok).toBe(true)
    expect(body.checks.migrations.ok).toBe(true)
    expect(body.checks.webhookWorker).toMatchObject({ ok: true, state: 'running' })
  })

  it('serves its metrics with the token only, and nothing else', async () => {
    const refused = await get('/api/metrics', { authorization: 'Bearer wrong' })
    expect(refused.status).toBe(401)
    expect((await refused.json()).error.code).toBe('unauthorized')
    expect((await get('/api/metrics')).status).toBe(401)
    const unknown = await get('/api/v1/me')
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).error.code).toBe('not_found')
    expect((await fetch(`http://127.0.0.1:${port}/api/health`, { method: 'POST' })).status).toBe(
      405,
    )

    const metrics = await get('/api/metrics', { authorization: `Bearer ${token}` })
    expect(metrics.status).toBe(200)
    expect(metrics.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await metrics.text()
    expect(valueOf(text, 'webhook_deliveries_total{outcome="succeeded"}')).toBe(0)
    expect(valueOf(text, 'webhook_queue_depth{status="pending"}')).toBe(0)
  })

  it("counts the deliveries this worker sent, in this worker's metrics", async () => {
    const { apiKey } = await consumerWithKey(payload)
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: receiver.url('/orders'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    await emitEvents(payload, { type: 'order.created', count: 3 })
    // Three orders and the subscription's test event, all sent by the worker process.
    await receiver.waitFor((posts) => posts.filter((post) => post.path === '/orders').length >= 4)
    await eventually(async () => {
      const text = await (await get('/api/metrics', { authorization: `Bearer ${token}` })).text()
      return valueOf(text, 'webhook_deliveries_total{outcome="succeeded"}') === 4
    })
  })

  it('closes its port when the worker stops', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    await expect(get('/api/health')).rejects.toThrow()
  })
})
