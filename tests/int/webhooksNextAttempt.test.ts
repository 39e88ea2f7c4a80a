import { beforeAll, describe, expect, it } from 'vitest'

import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import {
  answerByPath,
  eventually,
  type Answer,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../helpers/webhookReceiver'

// A delivery showed "failed, next attempt 12:40" at 12:45 while its endpoint backed off until
// 13:09, and deliveries waited "pending, 0 attempts" with no reason. The API now says when the
// next attempt comes at the earliest, and why: never a time in the past. A delivery held behind
// an earlier event about the same object, or paced by its endpoint's rate limit, read "due now,
// waiting for a worker"; it now says what it waits for.
const webhooks = webhookHarness()
let receiver: WebhookReceiver
let apiKey: string
const hourMs = 3_600_000
/** `/down` fails; `/slow` answers after 4 s; the rest at once. */
const answers = new Map<string, (request: ReceivedWebhook) => Answer>([
  ['/down', () => ({ status: 500 })],
  ['/slow', () => ({ status: 200, delayMs: 4_000 })],
])

beforeAll(async () => {
  receiver = await webhooks.receiver(answerByPath(answers))
  await webhooks.start()
  apiKey = await webhooks.consumerKey('Next-attempt consumer')
  // The retry schedule's second attempt comes 5 s after the first; the endpoint's back-off
  // lasts an hour from its first failure.
  await webhooks.worker({ pollMs: 50, backoffBaseMs: hourMs, backoffMaxMs: hourMs })
})

type NextAttempt = {
  at: string | null
  reason: string
  endpoint_failure_count: number
  waiting_for_delivery_id: number | null
}
type DeliveryBody = {
  id: number
  event_type: string
  status: string
  attempts: number
  next_attempt_at: string | null
  next_attempt: NextAttempt
}

const asConsumer = () => ({ headers: { 'x-api-key': apiKey } })
/**
 * `eventually` for checks that ask the API: a quarter of a second between asks, within the
 * consumer's request limit (120 a minute by default).
 */
const poll = <T>(check: () => Promise<T>, timeoutMs?: number) =>
  eventually(async () => {
    const value = await check()
    if (!value) await new Promise((resolve) => setTimeout(resolve, 250))
    return value
  }, timeoutMs)
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
    const backoffUntil = await poll(async () => {
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
    const log = await poll(async () => {
      const page = await get<{ data: DeliveryBody[] }>(
        `/webhooks/subscriptions/${subscription.id}/deliveries`,
      )
      return page.data.length === 2 ? page.data : null
    })
    const failed = log!.find((delivery) => delivery.status === 'failed')!
    // Its own retry time (5 s after the first attempt) passes while the endpoint still backs off.
    const seen = await poll(async () => {
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
      waiting_for_delivery_id: null,
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
      waiting_for_delivery_id: null,
    })
    expect(listed.find((entry) => entry.id === failed.id)!.next_attempt.at).toBe(backoffUntil)
  })
})

type Subscription = { id: string }
const deliveriesOf = (subscription: Subscription) =>
  get<{ data: DeliveryBody[] }>(`/webhooks/subscriptions/${subscription.id}/deliveries`)

describe('the next attempt of a delivery something else holds', () => {
  it('on an ordered endpoint: waits for the earlier event about the same object, and names it', async () => {
    const subscription = await webhooks.subscribe<Subscription>(apiKey, {
      endpoint_url: receiver.url('/slow'),
      events: ['order.created', 'order.updated'],
      ordered: true,
    })
    await webhooks.emit(
      { type: 'order.created', data: { id: 7, status: 'pending', total: 5 } },
      { type: 'order.updated', data: { id: 7, status: 'paid', total: 5 } },
    )
    // The creation is being sent (the receiver takes 4 s); the update waits for it.
    const log = await poll(async () => {
      const { data } = await deliveriesOf(subscription)
      const ofType = (type: string) => data.find((delivery) => delivery.event_type === type)
      const creation = ofType('order.created')
      const update = ofType('order.updated')
      return creation?.status === 'delivering' && update ? { creation, update } : null
    })
    expect(log!.update).toMatchObject({ status: 'pending', attempts: 0 })
    expect(log!.update.next_attempt).toEqual({
      at: null,
      reason: 'waiting_for_earlier',
      endpoint_failure_count: 0,
      waiting_for_delivery_id: log!.creation.id,
    })
    const { data: one } = await get<{ data: DeliveryBody }>(
      `/webhooks/deliveries/${log!.update.id}`,
    )
    expect(one.next_attempt.reason).toBe('waiting_for_earlier')
    // Once the creation is delivered, the update goes.
    await poll(async () => {
      const { data } = await deliveriesOf(subscription)
      return data.every((delivery) => delivery.status === 'succeeded') ? true : null
    })
  })

  it('at a rate limit: says it is sent in its turn, from a time to come, never a time past', async () => {
    const subscription = await webhooks.subscribe<Subscription>(apiKey, {
      endpoint_url: receiver.url('/paced'),
      events: ['order.created'],
      max_deliveries_per_second: 1,
    })
    await webhooks.emit(
      ...Array.from({ length: 8 }, (_, index) => ({
        type: 'order.created' as const,
        data: { id: 100 + index, status: 'pending', total: 5 },
      })),
    )
    // Sent at one a second: while the queue drains, the ones waiting say why.
    const waiting = await poll(async () => {
      const askedAt = Date.now()
      const { data } = await deliveriesOf(subscription)
      const sent = data.filter((delivery) => delivery.status === 'succeeded').length
      const pending = data.filter((delivery) => delivery.status === 'pending')
      return sent >= 2 && pending.length >= 3 ? { pending, askedAt } : null
    })
    for (const delivery of waiting!.pending) {
      expect(delivery.next_attempt.reason, JSON.stringify(delivery)).toBe('rate_limited')
      expect(Date.parse(delivery.next_attempt.at!)).toBeGreaterThanOrEqual(waiting!.askedAt - 1_000)
    }
  })
})
