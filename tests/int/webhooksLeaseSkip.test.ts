import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { eventually, startWebhookReceiver } from '../helpers/webhookReceiver'

let payload: Payload
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let worker: { stop: () => Promise<void> } | undefined

beforeAll(async () => {
  process.env.WEBHOOK_ALLOWED_ADDRESS_RANGES = 'loopback'
  receiver = await startWebhookReceiver()
  payload = await (await import('../helpers/payload')).getTestPayload()
  await (await import('../../seed/webhooks')).seedWebhookEventTypes(payload)
})

afterAll(async () => {
  await worker?.stop()
  await receiver?.close()
})

describe('a claim the worker does not send', () => {
  it('costs no attempt: a lease too short for the endpoint timeout never uses up retries', async () => {
    const { consumerWithKey } = await import('../helpers/identities')
    const { restJson } = await import('../helpers/rest')
    const { apiKey } = await consumerWithKey(payload, 'Slow lease consumer')
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: {
        endpoint_url: receiver.url('/never'),
        events: ['order.created'],
        timeout_seconds: 10,
      },
    })
    expect(created.status).toBe(201)

    // A 1 s lease is shorter than the 10 s timeout plus margin: every claim is left unsent,
    // to be taken again when its lease lapses.
    const { startWebhookWorker } = await import('../../src/webhooks/worker/worker')
    worker = await startWebhookWorker(payload, { leaseMs: 1000, pollMs: 50 })

    const claimTimes = new Set<string>()
    const delivery = async () => {
      const { rows } = await payload.db.drizzle.execute<{
        attempts: number
        status: string
        last_attempt_at: Date | null
      }>(
        sql`SELECT attempts::int AS attempts, status, last_attempt_at FROM webhook_deliveries
            WHERE subscription_id = ${created.body.id}`,
      )
      return rows[0]
    }
    // Wait for three separate claims of the test delivery.
    await eventually(async () => {
      const row = await delivery()
      if (row?.last_attempt_at) claimTimes.add(new Date(row.last_attempt_at).toISOString())
      return claimTimes.size >= 3
    })
    const row = await delivery()
    expect(receiver.posts().filter((post) => post.path === '/never')).toEqual([])
    expect(row!.attempts).toBeLessThanOrEqual(1)
    expect(row!.status).not.toBe('dead')
  })
})
