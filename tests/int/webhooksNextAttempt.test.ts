import { beforeAll, describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import { eventually, type WebhookReceiver } from '../helpers/webhookReceiver'

// A delivery showed "failed, next attempt 12:40" at 12:45 while its endpoint backed off until
// 13:09, and deliveries waited "pending, 0 attempts" with no reason. The API now says when the
// next attempt comes at the earliest, and why: never a time in the past.
const webhooks = webhookHarness()
let receiver: WebhookReceiver
let apiKey: string
const hourMs = 3_600_000

beforeAll(async () => {
  receiver = await webhooks.receiver(() => ({ status: 500 }))
  await webhooks.start()
  apiKey = await webhooks.consumerKey('Next-attempt consumer')
  // The retry schedule's second attempt comes 5 s after the first; the endpoint's back-off
  // lasts an hour from its first failure.
  await webhooks.worker({ pollMs: 50, backoffBaseMs: hourMs, backoffMaxMs: hourMs })
})

type NextAttempt = { at: string | null; reason: string; endpoint_failure_count: number }
type DeliveryBody = {
  id: number
  status: string
  attempts: number
  next_attempt_at: string | null
  next_attempt: NextAttempt
}

const asConsumer = () => ({ headers: { 'x-api-key': apiKey } })
const get = async <Body>(path: string) => {
  const response = await restJson<Body>('GET', `/api${path}`, asConsumer())
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body
}

describe('the next attempt of a delivery whose endpoint backs off', () => {
  it('is the back-off end, never in the past, with the reason and the failures in a row', async () => {
    const subscription = await webhooks.subscribe(apiKey, {
      endpoint_url: receiver.url('/down'),
      events: ['order.created'],
    })
    // The test event queued on creation fails; the endpoint backs off for an hour.
    const backoffUntil = await eventually(async () => {
      const { data } = await get<{ data: { backoff_until: string | null } }>(
        `/webhooks/subscriptions/${subscription.id}`,
      )
      return data.backoff_until && Date.parse(data.backoff_until) > Date.now() + hourMs / 2
        ? data.backoff_until
        : null
    })
    await webhooks.emit({
      type: 'order.created',
      data: { id: 1, status: 'pending', total: 5, created_at: new Date().toISOString() },
    })
    const log = await eventually(async () => {
      const page = await get<{ data: DeliveryBody[] }>(
        `/webhooks/subscriptions/${subscription.id}/deliveries`,
      )
      return page.data.length === 2 ? page.data : null
    })
    const failed = log!.find((delivery) => delivery.status === 'failed')!
    // Its own retry time (5 s after the first attempt) passes while the endpoint still backs off.
    const seen = await eventually(async () => {
      const { data } = await get<{ data: DeliveryBody }>(`/webhooks/deliveries/${failed.id}`)
      return data.next_attempt_at && Date.parse(data.next_attempt_at) < Date.now() ? data : null
    }, 15_000)
    const askedAt = Date.now()
    const { data: delivery } = await get<{ data: DeliveryBody }>(`/webhooks/deliveries/${seen!.id}`)
    expect(delivery.status).toBe('failed')
    expect(delivery.next_attempt).toEqual({
      at: backoffUntil,
      reason: 'backing_off',
      endpoint_failure_count: 1,
    })
    expect(Date.parse(delivery.next_attempt.at!)).toBeGreaterThan(askedAt)

    // The event held behind the back-off, never attempted: the log says why.
    const { data: listed } = await get<{ data: DeliveryBody[] }>(
      `/webhooks/subscriptions/${subscription.id}/deliveries`,
    )
    const held = listed.find((entry) => entry.status === 'pending')!
    expect(held.attempts).toBe(0)
    expect(held.next_attempt).toEqual({
      at: backoffUntil,
      reason: 'backing_off',
      endpoint_failure_count: 1,
    })
    expect(listed.find((entry) => entry.id === failed.id)!.next_attempt.at).toBe(backoffUntil)
  })
})
