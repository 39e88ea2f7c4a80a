import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { eventually, type Answer, type WebhookReceiver } from '../helpers/webhookReceiver'
import { emitEvents } from '../helpers/webhookWorkers'
import { webhookHarness } from '../helpers/webhookHarness'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let apiKey: string
let answer: Answer = { status: 200 }
const workers = webhooks.processes
const startWorkerProcess = workers.start
const workerErrors = workers.errors

beforeAll(async () => {
  receiver = await webhooks.receiver(() => answer)
  payload = await webhooks.start()
  apiKey = await webhooks.consumerKey()
})

const subscribe = (path: string, timeoutSeconds = 10) =>
  webhooks.subscribe(apiKey, {
    endpoint_url: receiver.url(path),
    events: ['order.created'],
    timeout_seconds: timeoutSeconds,
  })

const emitOrders = (count: number) => emitEvents(payload, { type: 'order.created', count })

const statusCounts = async (subscriptionId: string) =>
  (
    await payload.db.drizzle.execute(
      sql`SELECT status, count(*)::int AS count FROM webhook_deliveries WHERE subscription_id = ${subscriptionId} GROUP BY status`,
    )
  ).rows as { status: string; count: number }[]

/** The subscription's deliveries counted as in flight against its cap (`in_flight`). */
const inFlightOf = async (subscriptionId: string) =>
  (
    (
      await payload.db.drizzle.execute(
        sql`SELECT in_flight FROM webhook_subscriptions WHERE id = ${subscriptionId}`,
      )
    ).rows[0] as { in_flight: Record<string, number> }
  ).in_flight

describe('worker processes', () => {
  it("send a killed worker's claimed deliveries after its lease expires", async () => {
    answer = 'hang'
    const subscription = await subscribe('/crash', 3)
    await emitOrders(5)
    const doomed = await startWorkerProcess({ WEBHOOK_LEASE_SECONDS: '35' })
    // The test event and five orders are in flight, their responses never coming.
    await receiver.waitFor((posts) => posts.filter((p) => p.path === '/crash').length >= 6)
    doomed.kill('SIGKILL')
    await new Promise((resolve) => doomed.once('exit', resolve))
    expect(await statusCounts(subscription.id)).toEqual([{ status: 'delivering', count: 6 }])

    answer = { status: 200 }
    const survivor = await startWorkerProcess({ WEBHOOK_LEASE_SECONDS: '35' })
    await eventually(async () => {
      const counts = await statusCounts(subscription.id)
      return counts.length === 1 && counts[0]!.status === 'succeeded' && counts[0]!.count === 6
    }, 90_000)
    const ids = receiver
      .posts()
      .filter((p) => p.path === '/crash')
      .map((p) => p.headers['webhook-id'])
    expect(new Set(ids).size).toBe(6)
    // Each sent twice: once to the dead worker's hanging request, once after the lease.
    expect(ids).toHaveLength(12)
    // The dead worker's six entries were taken over by the survivor's claims and went out with
    // their outcomes: the endpoint's slots are all free again.
    expect(await inFlightOf(subscription.id)).toEqual({})
    survivor.kill('SIGTERM')
    await new Promise((resolve) => survivor.once('exit', resolve))
  }, 180_000)

  it('two workers on one queue send every delivery exactly once', async () => {
    answer = { status: 200 }
    const first = await subscribe('/shared-1')
    const second = await subscribe('/shared-2')
    await Promise.all([startWorkerProcess(), startWorkerProcess()])
    await emitOrders(150)
    // Generous: CI runs this beside every other test file on two cores. On a timeout, say where
    // the deliveries stand rather than only that they are late.
    await eventually(async () => {
      const counts = [...(await statusCounts(first.id)), ...(await statusCounts(second.id))]
      return counts.length === 2 && counts.every((c) => c.status === 'succeeded' && c.count === 151)
    }, 150_000).catch(async (error: Error) => {
      const counts = [...(await statusCounts(first.id)), ...(await statusCounts(second.id))]
      const sent = receiver.posts().filter((p) => p.path.startsWith('/shared-')).length
      throw new Error(`${error.message}: statuses ${JSON.stringify(counts)}, ${sent} received`)
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const path of ['/shared-1', '/shared-2']) {
      const ids = receiver
        .posts()
        .filter((p) => p.path === path)
        .map((p) => p.headers['webhook-id'])
      expect(ids, `workers' errors:\n${workerErrors()}`).toHaveLength(151)
      expect(new Set(ids).size).toBe(151)
    }
    // Nothing is left counted as in flight against either endpoint's cap: every claim's entry
    // went out with its outcome, whichever worker wrote it (a leftover would hold a slot until
    // its lease ran out).
    expect(await inFlightOf(first.id)).toEqual({})
    expect(await inFlightOf(second.id)).toEqual({})
  }, 240_000)
})
