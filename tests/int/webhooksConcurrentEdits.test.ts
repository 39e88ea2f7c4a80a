import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'

// Two people editing one endpoint in the portal, or a person editing it while the worker
// disables it: with `If-Unmodified-Since` (the portal sends the `updated_at` of the version the
// person edited), the later change is refused with 412 instead of silently overwriting.

const webhooks = webhookHarness()
let payload: Payload
let key: string
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await webhooks.receiver(() => ({ status: 500 }))
  payload = await webhooks.start({
    WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
  })
  key = await webhooks.consumerKey('Concurrent editors')
})

const asConsumer = (headers: Record<string, string> = {}) => ({ 'x-api-key': key, ...headers })

/** A subscription last modified a few seconds ago, as a person would find it in the portal. */
async function subscriptionFromEarlier(endpointUrl = 'https://hooks.example.com/in') {
  const created = await restJson('POST', '/webhooks/subscriptions', {
    headers: asConsumer(),
    body: { endpoint_url: endpointUrl, events: ['order.paid'] },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await payload.db.pool.query(
    `UPDATE webhook_subscriptions SET updated_at = now() - interval '5 seconds' WHERE id = $1`,
    [created.body.id],
  )
  const read = await restJson('GET', `/webhooks/subscriptions/${created.body.id}`, {
    headers: asConsumer(),
  })
  return read.body.data as { id: string; updated_at: string; description: string | null }
}

const since = (updatedAt: string) => ({ 'if-unmodified-since': new Date(updatedAt).toUTCString() })

describe('two people editing one endpoint', () => {
  it('saves the first change and refuses the second with 412, which keeps the first', async () => {
    const seen = await subscriptionFromEarlier()
    const first = await restJson('PATCH', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(since(seen.updated_at)),
      body: { description: 'Ana: production orders' },
    })
    expect(first.status).toBe(200)
    const second = await restJson('PATCH', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(since(seen.updated_at)),
      body: { description: 'Boris: staging' },
    })
    expect(second.status).toBe(412)
    expect(second.body.error.code).toBe('precondition_failed')
    expect(second.body.error.message).toMatch(/changed at .* read it again/)
    const now = await restJson('GET', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(),
    })
    expect(now.body.data.description).toBe('Ana: production orders')
    // Read again, the second person's change goes through.
    const retried = await restJson('PATCH', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(since(now.body.data.updated_at)),
      body: { description: 'Boris: staging' },
    })
    expect(retried.status).toBe(200)
  })

  it('does not delete an endpoint someone changed since it was looked at', async () => {
    const seen = await subscriptionFromEarlier()
    await restJson('PATCH', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(),
      body: { description: 'still needed' },
    })
    const deleted = await restJson('DELETE', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(since(seen.updated_at)),
    })
    expect(deleted.status).toBe(412)
    const still = await restJson('GET', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(),
    })
    expect(still.status).toBe(200)
  })

  it('answers 400 to a header that is no HTTP date, changing nothing', async () => {
    const seen = await subscriptionFromEarlier()
    const answer = await restJson('PATCH', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer({ 'if-unmodified-since': seen.updated_at }),
      body: { description: 'never saved' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error.message).toMatch(/must be an HTTP date/)
    const still = await restJson('GET', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(),
    })
    expect(still.body.data.description).toBeNull()
  })
})

describe('a person editing an endpoint the worker disables meanwhile', () => {
  it("is told it changed, and the person's save does not hide the disabling", async () => {
    const seen = await subscriptionFromEarlier(receiver.url('/failing'))
    // One failure from the 100 that disable it; the worker then sends its test event.
    await payload.db.pool.query(
      `UPDATE webhook_subscriptions SET failure_count = 99, updated_at = $2 WHERE id = $1`,
      [seen.id, seen.updated_at],
    )
    await webhooks.worker({ pollMs: 50 })
    await eventually(async () => {
      const read = await restJson('GET', `/webhooks/subscriptions/${seen.id}`, {
        headers: asConsumer(),
      })
      return read.body.data.is_active === false
    }, 20_000)

    const save = await restJson('PATCH', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(since(seen.updated_at)),
      body: { description: 'edited while it failed' },
    })
    expect(save.status).toBe(412)
    const after = await restJson('GET', `/webhooks/subscriptions/${seen.id}`, {
      headers: asConsumer(),
    })
    expect(after.body.data.is_active).toBe(false)
    expect(after.body.data.disabled_at).not.toBeNull()
    expect(after.body.data.description).toBeNull()
  })
})
