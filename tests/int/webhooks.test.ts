import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'
import { Webhook } from 'standardwebhooks'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { inTransaction } from '../../src/db/transaction'
import { emitEvent } from '../../src/webhooks/operations/emitEvent'
import type { WebhookEventName } from '../../src/webhooks/eventCatalogue'
import { userWithToken } from '../helpers/identities'
import { restJson } from '../helpers/rest'
import { webhookHarness } from '../helpers/webhookHarness'
import { eventually, type ReceivedWebhook, type WebhookReceiver } from '../helpers/webhookReceiver'

const webhooks = webhookHarness()
let payload: Payload
let receiver: WebhookReceiver
let worker: { stop: () => Promise<void> }
let keyA: string
let keyB: string

const asA = () => ({ 'x-api-key': keyA })
const asB = () => ({ 'x-api-key': keyB })

beforeAll(async () => {
  receiver = await webhooks.receiver()
  payload = await webhooks.start()
  keyA = await webhooks.consumerKey('Consumer A')
  keyB = await webhooks.consumerKey('Consumer B')
  worker = await webhooks.worker({ pollMs: 50 })
})

const subscribe = (path: string, events: string[], headers = asA()) =>
  webhooks.subscribe<{ id: string; secret: string; endpoint_url: string; events: string[] }>(
    headers['x-api-key'],
    { endpoint_url: receiver.url(path), events, description: `to ${path}` },
  )

const postsTo = (path: string) => receiver.postsTo(path)
const typeOf = (post: ReceivedWebhook) => JSON.parse(post.body).type as string

const emit = (type: WebhookEventName, data: Record<string, unknown>) =>
  webhooks.emit({ type, data })

describe('creating a subscription', () => {
  it('answers 201 with the secret once and delivers a test event that verifies', async () => {
    const response = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: asA(),
      body: { endpoint_url: receiver.url('/created'), events: ['order.created'] },
    })
    expect(response.status).toBe(201)
    expect(Object.keys(response.body).sort()).toEqual(
      ['created_at', 'endpoint_url', 'events', 'id', 'secret', 'test_sent'].sort(),
    )
    expect(response.body).toMatchObject({
      endpoint_url: receiver.url('/created'),
      events: ['order.created'],
      test_sent: true,
    })
    expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(response.body.secret).toHaveLength(32)
    expect(Buffer.from(response.body.secret, 'base64')).toHaveLength(24)

    const [test] = await receiver.waitFor(() => postsTo('/created').length >= 1)
    const delivered = postsTo('/created')[0]!
    expect(test).toBeDefined()
    const verified = new Webhook(response.body.secret).verify(delivered.body, delivered.headers)
    expect(verified).toMatchObject({
      type: 'webhook.test',
      data: { subscription_id: response.body.id },
    })
    expect(delivered.headers['content-type']).toBe('application/json')
    expect(delivered.headers['webhook-id']).toBe(JSON.parse(delivered.body).id)
    // The probe reached the receiver too, and was recorded.
    expect(receiver.received.some((r) => r.method === 'HEAD' && r.path === '/created')).toBe(true)
    const stored = await payload.findByID({
      collection: 'webhook-subscriptions',
      id: response.body.id,
    })
    expect(stored.probe?.result).toBe('reachable: HTTP 200')
  })

  it('answers 401 without credentials and 403 to a logged-in user', async () => {
    const body = { endpoint_url: receiver.url(), events: ['*'] }
    const anonymous = await restJson('POST', '/api/webhooks/subscriptions', { body })
    expect(anonymous.status).toBe(401)
    const wrongKey = await restJson('GET', '/api/webhooks/subscriptions', {
      headers: { 'x-api-key': 'nope' },
    })
    expect(wrongKey.status).toBe(401)
    const { token } = await userWithToken(payload, 'admin')
    const user = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: { authorization: `Bearer ${token}` },
      body,
    })
    expect(user.status).toBe(403)
    const types = await restJson('GET', '/api/webhooks/event-types', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(types.status).toBe(200)
  })

  it('answers 422 listing every unknown or inactive event type, and creates nothing', async () => {
    await payload.update({
      collection: 'webhook-event-types',
      where: { name: { equals: 'product.updated' } },
      data: { isActive: false },
    })
    const before = await payload.count({ collection: 'webhook-subscriptions' })
    const response = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: asA(),
      body: {
        endpoint_url: receiver.url('/never'),
        events: ['order.created', 'order.exploded', 'product.updated', '*'],
      },
    })
    expect(response.status).toBe(422)
    expect(response.body).toEqual({
      error: expect.any(String),
      invalid_events: ['order.exploded', 'product.updated'],
    })
    expect(await payload.count({ collection: 'webhook-subscriptions' })).toEqual(before)
    await payload.update({
      collection: 'webhook-event-types',
      where: { name: { equals: 'product.updated' } },
      data: { isActive: true },
    })
  })

  it('answers 400 for a URL that is not absolute http(s), or points inside the network', async () => {
    for (const endpoint_url of ['not a url', 'ftp://example.com/hook', '/relative', 42]) {
      const response = await restJson('POST', '/api/webhooks/subscriptions', {
        headers: asA(),
        body: { endpoint_url, events: ['*'] },
      })
      expect(response.status, String(endpoint_url)).toBe(400)
      expect(response.body.error.code).toBe('validation_failed')
    }
    for (const endpoint_url of ['http://10.0.0.8/hook', 'http://169.254.169.254/latest']) {
      const response = await restJson('POST', '/api/webhooks/subscriptions', {
        headers: asA(),
        body: { endpoint_url, events: ['*'] },
      })
      expect(response.status, endpoint_url).toBe(400)
      expect(response.body.error.message).toMatch(
        /^endpoint_url: this address \(.*\) is on a private network \(.*\) that this service does not send to: use a public address$/,
      )
    }
  })

  it('says what to do about each refused field, in words, never in the code’s or the server’s', async () => {
    const logged = vi.spyOn(payload.logger, 'info')
    try {
      const answers = {
        empty: await restJson('POST', '/webhooks/subscriptions', {
          headers: asA(),
          body: { endpoint_url: '', events: [] },
        }),
        linkLocal: await restJson('POST', '/webhooks/subscriptions', {
          headers: asA(),
          body: { endpoint_url: 'http://169.254.169.254/latest', events: ['order.created'] },
        }),
      }
      expect(answers.empty.status).toBe(400)
      expect(answers.empty.body.error.code).toBe('validation_failed')
      expect(answers.empty.body.error.details).toEqual([
        {
          field: 'endpoint_url',
          message: 'enter the full address of your receiver, starting with https://',
        },
        { field: 'events', message: 'choose at least one event type (or * for all)' },
      ])
      expect(answers.linkLocal.status).toBe(400)
      expect(answers.linkLocal.body.error.details).toEqual([
        {
          field: 'endpoint_url',
          message:
            'this address (169.254.169.254) is on a private network (169.254.x.x) that this ' +
            'service does not send to: use a public address',
        },
      ])
      for (const answer of Object.values(answers)) {
        expect(JSON.stringify(answer.body)).not.toMatch(/WEBHOOK_|expected|Too small|absolute/)
      }
      // The setting that would allow the address is the operator's: it is in the server's log.
      expect(JSON.stringify(logged.mock.calls)).toContain(
        'WEBHOOK_ALLOWED_ADDRESS_RANGES=linkLocal',
      )
    } finally {
      logged.mockRestore()
    }
  })
})

describe('fan-out of business events', () => {
  it('reaches exactly the active subscriptions asking for the type or *', async () => {
    await subscribe('/orders', ['order.created'])
    await subscribe('/everything', ['*'])
    await subscribe('/articles', ['article.created'])
    const paused = await subscribe('/paused', ['order.created'])
    await subscribe('/b-orders', ['order.created', 'order.paid'], asB())
    const patch = await restJson('PATCH', `/api/webhooks/subscriptions/${paused.id}`, {
      headers: asA(),
      body: { is_active: false },
    })
    expect(patch.status).toBe(200)
    for (const path of ['/orders', '/everything', '/articles', '/b-orders']) {
      await receiver.waitFor(() => postsTo(path).length >= 1)
    }

    await emit('order.created', {
      id: 7,
      status: 'pending',
      total: 10,
      created_at: new Date().toISOString(),
    })
    await receiver.waitFor(() =>
      ['/orders', '/everything', '/b-orders'].every((path) =>
        postsTo(path).some((p) => typeOf(p) === 'order.created'),
      ),
    )
    // Give any wrong delivery the time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const orderPosts = (path: string) => postsTo(path).filter((p) => typeOf(p) === 'order.created')
    expect(orderPosts('/orders')).toHaveLength(1)
    expect(orderPosts('/everything')).toHaveLength(1)
    expect(orderPosts('/b-orders')).toHaveLength(1)
    expect(orderPosts('/articles')).toHaveLength(0)
    expect(postsTo('/paused').filter((p) => typeOf(p) === 'order.created')).toHaveLength(0)
    expect(JSON.parse(orderPosts('/orders')[0]!.body).data).toMatchObject({ id: 7, total: 10 })
    // One event, one id, whichever subscription it reaches.
    expect(orderPosts('/orders')[0]!.headers['webhook-id']).toBe(
      orderPosts('/everything')[0]!.headers['webhook-id'],
    )
  })

  it('emits nothing for a rolled-back change', async () => {
    const req = await createLocalReq({}, payload)
    await inTransaction(req, async () => {
      await emitEvent({ req, type: 'order.paid', data: { id: 99 } })
      throw new Error('rolled back')
    }).catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(postsTo('/b-orders').filter((p) => typeOf(p) === 'order.paid')).toHaveLength(0)
  })
})

describe("a consumer and another consumer's subscriptions", () => {
  it('answers 404 to every operation on a subscription of someone else', async () => {
    const mine = await subscribe('/private', ['order.paid'], asA())
    const others = asB()
    const base = `/api/webhooks/subscriptions/${mine.id}`
    expect((await restJson('GET', base, { headers: others })).status).toBe(404)
    expect(
      (await restJson('PATCH', base, { headers: others, body: { description: 'x' } })).status,
    ).toBe(404)
    expect((await restJson('DELETE', base, { headers: others })).status).toBe(404)
    expect((await restJson('POST', `${base}/test`, { headers: others })).status).toBe(404)
    expect((await restJson('POST', `${base}/rotate-secret`, { headers: others })).status).toBe(404)
    expect((await restJson('GET', `${base}/deliveries`, { headers: others })).status).toBe(404)
    const log = await restJson('GET', `${base}/deliveries`, { headers: asA() })
    const deliveryId = log.body.data[0].id
    expect(
      (await restJson('POST', `/api/webhooks/deliveries/${deliveryId}/retry`, { headers: others }))
        .status,
    ).toBe(404)
    const list = await restJson('GET', '/api/webhooks/subscriptions', { headers: others })
    expect(list.body.data.map((s: { id: string }) => s.id)).not.toContain(mine.id)
    // Nothing changed for the owner.
    const read = await restJson('GET', base, { headers: asA() })
    expect(read.status).toBe(200)
    expect(read.body.data.description).toBe('to /private')
  })

  it('never returns a secret outside create and rotation', async () => {
    const created = await subscribe('/secretive', ['order.paid'])
    const responses = [
      await restJson('GET', '/api/webhooks/subscriptions?per_page=100', { headers: asA() }),
      await restJson('GET', `/api/webhooks/subscriptions/${created.id}`, { headers: asA() }),
      await restJson('PATCH', `/api/webhooks/subscriptions/${created.id}`, {
        headers: asA(),
        body: { description: 'changed' },
      }),
      await restJson('GET', `/api/webhook-subscriptions/${created.id}`, { headers: asA() }),
    ]
    for (const response of responses) {
      expect(response.status).toBe(200)
      const text = JSON.stringify(response.body)
      expect(text).not.toContain(created.secret)
      expect(text).not.toMatch(/"secret(_old|Old)?"/)
    }
    const list = responses[0]!.body
    expect(list.meta).toMatchObject({ page: 1, per_page: 100 })
    expect(list.meta.total).toBe(list.data.length)
    expect(list.data[0]).toMatchObject({
      consumer_id: expect.any(String),
      failure_count: 0,
      timeout_seconds: 10,
      headers: {},
    })
  })
})

describe('subscription lifecycle', () => {
  it('re-enabling clears disabled_at and failure_count', async () => {
    const created = await subscribe('/revived', ['order.paid'])
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_subscriptions SET is_active = false, disabled_at = now(), failure_count = 100 WHERE id = ${created.id}`,
    )
    const response = await restJson('PATCH', `/api/webhooks/subscriptions/${created.id}`, {
      headers: asA(),
      body: { is_active: true },
    })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      is_active: true,
      disabled_at: null,
      failure_count: 0,
    })
  })

  it('validates PATCH like create, tests on demand, logs deliveries, retries and deletes', async () => {
    const created = await subscribe('/cycle', ['order.paid'])
    const base = `/api/webhooks/subscriptions/${created.id}`
    const bad = await restJson('PATCH', base, { headers: asA(), body: { events: ['nope.nope'] } })
    expect(bad.status).toBe(422)
    expect(bad.body.invalid_events).toEqual(['nope.nope'])
    const unknownField = await restJson('PATCH', base, { headers: asA(), body: { secret: 'mine' } })
    expect(unknownField.status).toBe(400)
    const reserved = await restJson('PATCH', base, {
      headers: asA(),
      body: { headers: { 'Content-Type': 'text/plain' } },
    })
    expect(reserved.status).toBe(400)
    const changed = await restJson('PATCH', base, {
      headers: asA(),
      body: { headers: { 'X-Tenant': 'acme' }, timeout_seconds: 5 },
    })
    expect(changed.body.data).toMatchObject({ headers: { 'X-Tenant': 'acme' }, timeout_seconds: 5 })

    const test = await restJson('POST', `${base}/test`, { headers: asA() })
    expect(test.status).toBe(201)
    await receiver.waitFor(() =>
      postsTo('/cycle').some((p) => JSON.parse(p.body).id === test.body.data.event_id),
    )
    const sent = postsTo('/cycle').find((p) => JSON.parse(p.body).id === test.body.data.event_id)!
    expect(sent.headers['x-tenant']).toBe('acme')
    expect(new Webhook(created.secret).verify(sent.body, sent.headers)).toBeTruthy()

    const log = await restJson('GET', `${base}/deliveries`, { headers: asA() })
    expect(log.status).toBe(200)
    expect(log.body.meta.total).toBe(2)
    const delivery = log.body.data.find((d: { id: number }) => d.id === test.body.data.delivery_id)
    await expect
      .poll(
        async () =>
          (await restJson('GET', `${base}/deliveries?status=succeeded`, { headers: asA() })).body
            .meta.total,
      )
      .toBe(2)
    expect(delivery.event_type).toBe('webhook.test')

    const retried = await restJson('POST', `/api/webhooks/deliveries/${delivery.id}/retry`, {
      headers: asA(),
    })
    expect(retried.status).toBe(202)
    await receiver.waitFor(
      () =>
        postsTo('/cycle').filter((p) => JSON.parse(p.body).id === test.body.data.event_id)
          .length === 2,
    )

    // The admin panel's "Retry now": admins only.
    const admin = await userWithToken(payload, 'admin')
    const editor = await userWithToken(payload, 'editor')
    const adminRetry = `/api/webhook-deliveries/${delivery.id}/retry`
    expect((await restJson('POST', adminRetry, { headers: asA() })).status).toBe(403)
    expect(
      (await restJson('POST', adminRetry, { headers: { authorization: `Bearer ${editor.token}` } }))
        .status,
    ).toBe(403)
    await receiver.waitFor(() => postsTo('/cycle').length >= 3)
    await expect
      .poll(async () => {
        const response = await restJson('POST', adminRetry, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
        return response.status
      })
      .toBe(202)
    await receiver.waitFor(
      () =>
        postsTo('/cycle').filter((p) => JSON.parse(p.body).id === test.body.data.event_id)
          .length === 3,
    )

    expect((await restJson('DELETE', base, { headers: asA() })).status).toBe(204)
    expect((await restJson('GET', base, { headers: asA() })).status).toBe(404)
  })
})

describe('secret rotation', () => {
  it('signs with both secrets for ten minutes, the new one first, then with the new one only', async () => {
    const created = await subscribe('/rotating', ['order.paid'])
    await receiver.waitFor(() => postsTo('/rotating').length >= 1)
    const rotation = await restJson(
      'POST',
      `/api/webhooks/subscriptions/${created.id}/rotate-secret`,
      { headers: asA() },
    )
    expect(rotation.status).toBe(200)
    expect(rotation.body).toEqual({
      secret: expect.any(String),
      valid_until: expect.any(String),
      note: expect.any(String),
    })
    expect(rotation.body.secret).toHaveLength(32)
    expect(rotation.body.secret).not.toBe(created.secret)
    const minutesAhead = (Date.parse(rotation.body.valid_until) - Date.now()) / 60_000
    expect(minutesAhead).toBeGreaterThan(9.9)
    expect(minutesAhead).toBeLessThanOrEqual(10)

    await emit('order.paid', { id: 1, status: 'paid' })
    const [during] = await receiver
      .waitFor(() => postsTo('/rotating').some((p) => typeOf(p) === 'order.paid'))
      .then(() => postsTo('/rotating').filter((p) => typeOf(p) === 'order.paid'))
    expect(new Webhook(created.secret).verify(during!.body, during!.headers)).toBeTruthy()
    expect(new Webhook(rotation.body.secret).verify(during!.body, during!.headers)).toBeTruthy()
    const signatures = during!.headers['webhook-signature']!.split(' ')
    expect(signatures).toHaveLength(2)
    expect(
      new Webhook(rotation.body.secret).sign(
        during!.headers['webhook-id']!,
        new Date(Number(during!.headers['webhook-timestamp']) * 1000),
        during!.body,
      ),
    ).toBe(signatures[0])

    // The window closes: pretend the rotation happened eleven minutes ago.
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_subscriptions SET secret_rotated_at = now() - interval '11 minutes' WHERE id = ${created.id}`,
    )
    const test = await restJson('POST', `/api/webhooks/subscriptions/${created.id}/test`, {
      headers: asA(),
    })
    await receiver.waitFor(() =>
      postsTo('/rotating').some((p) => JSON.parse(p.body).id === test.body.data.event_id),
    )
    const after = postsTo('/rotating').find(
      (p) => JSON.parse(p.body).id === test.body.data.event_id,
    )!
    expect(new Webhook(rotation.body.secret).verify(after.body, after.headers)).toBeTruthy()
    expect(() => new Webhook(created.secret).verify(after.body, after.headers)).toThrow()
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1)
  })
  it('keeps every secret an answer promised: a second rotation within ten minutes signs with all three', async () => {
    const created = await subscribe('/rotating-twice', ['order.paid'])
    await receiver.waitFor(() => postsTo('/rotating-twice').length >= 1)
    const rotate = () =>
      restJson('POST', `/api/webhooks/subscriptions/${created.id}/rotate-secret`, {
        headers: asA(),
      })
    // A client whose rotate call timed out retries it: two answers, each with its promise.
    const first = await rotate()
    const second = await rotate()
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)

    await emit('order.paid', { id: 2, status: 'paid' })
    await receiver.waitFor(() => postsTo('/rotating-twice').some((p) => typeOf(p) === 'order.paid'))
    const during = postsTo('/rotating-twice').find((p) => typeOf(p) === 'order.paid')!
    // The receiver still on the creation's secret was promised it until the first valid_until.
    for (const secret of [created.secret, first.body.secret, second.body.secret]) {
      expect(new Webhook(secret).verify(during.body, during.headers)).toBeTruthy()
    }
    const signatures = during.headers['webhook-signature']!.split(' ')
    expect(signatures).toHaveLength(3)
    expect(
      new Webhook(second.body.secret).sign(
        during.headers['webhook-id']!,
        new Date(Number(during.headers['webhook-timestamp']) * 1000),
        during.body,
      ),
    ).toBe(signatures[0])

    // A third rotation would have to drop a secret still promised: refused, saying until when.
    const third = await rotate()
    expect(third.status).toBe(409)
    expect(third.body.error.code).toBe('conflict')
    expect(third.body.error.message).toContain(first.body.valid_until)
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(500)

    // Once the first window has passed, rotating works again and the oldest secret is gone.
    await payload.db.drizzle.execute(
      sql`UPDATE webhook_subscriptions
          SET secret_rotated_at = secret_rotated_at - interval '10 minutes',
              secret_older_valid_until = secret_older_valid_until - interval '10 minutes'
          WHERE id = ${created.id}`,
    )
    const fourth = await rotate()
    expect(fourth.status).toBe(200)
    const test = await restJson('POST', `/api/webhooks/subscriptions/${created.id}/test`, {
      headers: asA(),
    })
    await receiver.waitFor(() =>
      postsTo('/rotating-twice').some((p) => JSON.parse(p.body).id === test.body.data.event_id),
    )
    const after = postsTo('/rotating-twice').find(
      (p) => JSON.parse(p.body).id === test.body.data.event_id,
    )!
    // The secret it replaced signs beside it for ten minutes; the two older ones no more.
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    for (const secret of [fourth.body.secret, second.body.secret]) {
      expect(new Webhook(secret).verify(after.body, after.headers)).toBeTruthy()
    }
    for (const secret of [created.secret, first.body.secret]) {
      expect(() => new Webhook(secret).verify(after.body, after.headers)).toThrow()
    }
  })

  it('serialises rotations made at the same moment: two answers kept, the third refused', async () => {
    const created = await subscribe('/rotating-at-once', ['order.paid'])
    await receiver.waitFor(() => postsTo('/rotating-at-once').length >= 1)
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        restJson('POST', `/api/webhooks/subscriptions/${created.id}/rotate-secret`, {
          headers: asA(),
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409])
    await emit('order.paid', { id: 3, status: 'paid' })
    await receiver.waitFor(() =>
      postsTo('/rotating-at-once').some((p) => typeOf(p) === 'order.paid'),
    )
    const during = postsTo('/rotating-at-once').find((p) => typeOf(p) === 'order.paid')!
    const promised = answers.filter((answer) => answer.status === 200).map((a) => a.body.secret)
    for (const secret of [created.secret, ...promised]) {
      expect(new Webhook(secret).verify(during.body, during.headers)).toBeTruthy()
    }
  })
})

describe('outbound address policy', () => {
  it('refuses at connect time a host that now resolves to a forbidden address', async () => {
    const created = await restJson('POST', '/api/webhooks/subscriptions', {
      headers: asA(),
      body: {
        endpoint_url: receiver.url('/rebound').replace('127.0.0.1', 'localhost'),
        events: ['order.paid'],
      },
    })
    expect(created.status).toBe(201)
    await receiver.waitFor(() => postsTo('/rebound').length >= 1)

    // As if the name had been re-pointed at the internal network after subscribing: a worker
    // that may reach no loopback address sends the next delivery.
    await worker.stop()
    worker = await webhooks.worker({ pollMs: 50, allowedAddressRanges: new Set() })
    receiver.dropIdleConnections()
    await new Promise((resolve) => setTimeout(resolve, 100))
    try {
      const test = await restJson('POST', `/api/webhooks/subscriptions/${created.body.id}/test`, {
        headers: asA(),
      })
      const delivery = await eventually(async () => {
        const log = await restJson(
          'GET',
          `/api/webhooks/subscriptions/${created.body.id}/deliveries`,
          {
            headers: asA(),
          },
        )
        const entry = log.body.data.find((d: { id: number }) => d.id === test.body.data.delivery_id)
        return entry?.last_error ? entry : null
      })
      // In the consumer's words, as the subscription's refusal: no class name, no setting.
      expect(delivery.last_error).toMatch(
        /^Not sent: localhost resolves to .*, an address on this service's own machine \(localhost\) that this service does not send to: use a public address$/,
      )
      expect(delivery.status).toBe('failed')
      expect(postsTo('/rebound')).toHaveLength(1)
    } finally {
      await worker.stop()
      worker = await webhooks.worker({ pollMs: 50 })
    }
  })
})
