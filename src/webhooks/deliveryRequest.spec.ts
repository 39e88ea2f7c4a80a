import { describe, expect, it } from 'vitest'

import { buildDeliveryRequest, isAllowedExtraHeader } from './deliveryRequest'
import { sign } from './signature'

/** The example of docs/webhooks.md, "The delivery request": receivers test their verification on it. */
const example = {
  eventId: 'd0bad9b1-4188-4160-af44-4d0b9cdd2ec1',
  type: 'order.created',
  occurredAt: new Date('2026-01-15T09:30:00.000Z'),
  data: { id: 1001, total: 2490, status: 'pending', created_at: '2026-01-15T09:30:00.000Z' },
  secrets: ['zHgMIGFjsSnfZ7BjLOcWlOJz9iXjR7H+'],
  extraHeaders: { 'X-Tenant': 'acme' },
  now: new Date(1_768_469_401 * 1000),
}

/** The headers but the two that change from one attempt to the next. */
const sharedByAttempts = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => name !== 'webhook-timestamp' && name !== 'webhook-signature',
    ),
  )

describe('buildDeliveryRequest', () => {
  it('marks a test in the signed body and in a header, and nothing else', () => {
    const test = buildDeliveryRequest({ ...example, isTest: true })
    expect(JSON.parse(test.body)).toEqual({
      ...JSON.parse(buildDeliveryRequest(example).body),
      test: true,
    })
    expect(test.headers['webhook-test']).toBe('true')
    expect(test.headers['webhook-signature']).toBe(
      sign({
        id: example.eventId,
        timestamp: 1_768_469_401,
        body: test.body,
        secret: example.secrets[0]!,
      }),
    )
    expect(buildDeliveryRequest(example).headers).not.toHaveProperty('webhook-test')
  })

  it('builds exactly the example request the receivers’ guide documents', () => {
    const request = buildDeliveryRequest(example)
    expect(request.body).toBe(
      '{"id":"d0bad9b1-4188-4160-af44-4d0b9cdd2ec1","type":"order.created",' +
        '"timestamp":"2026-01-15T09:30:00.000Z","data":{"id":1001,"total":2490,' +
        '"status":"pending","created_at":"2026-01-15T09:30:00.000Z"}}',
    )
    expect(Buffer.byteLength(request.body)).toBe(198)
    expect(request.headers).toEqual({
      'x-tenant': 'acme',
      'content-type': 'application/json',
      'user-agent': 'content-shop-webhooks/1',
      'webhook-id': 'd0bad9b1-4188-4160-af44-4d0b9cdd2ec1',
      'webhook-timestamp': '1768469401',
      'webhook-signature': 'v1,SOxPv7B2IqbV0aNr1B5V2ZPpUkT3SyXdkF6SxQVu+0c=',
    })
  })

  it('sends compact JSON of exactly id, type, timestamp (when the event happened) and data', () => {
    const request = buildDeliveryRequest({ ...example, now: new Date('2026-01-20T00:00:00Z') })
    expect(Object.keys(JSON.parse(request.body))).toEqual(['id', 'type', 'timestamp', 'data'])
    expect(JSON.parse(request.body).timestamp).toBe('2026-01-15T09:30:00.000Z')
    expect(request.body).not.toMatch(/\n|": /)
  })

  it('sends the same body and webhook-id on every attempt; only the time and signature change', () => {
    const first = buildDeliveryRequest(example)
    const retry = buildDeliveryRequest({ ...example, now: new Date('2026-01-15T14:30:01Z') })
    expect(retry.body).toBe(first.body)
    expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(retry.headers['webhook-timestamp']).toBe('1768487401')
    expect(retry.headers['webhook-signature']).not.toBe(first.headers['webhook-signature'])
    expect(sharedByAttempts(retry.headers)).toEqual(sharedByAttempts(first.headers))
  })

  it('stamps the attempt in whole seconds since the epoch, rounded down', () => {
    const request = buildDeliveryRequest({ ...example, now: new Date(1_768_469_401_999) })
    expect(request.headers['webhook-timestamp']).toBe('1768469401')
  })

  it('signs once per secret, space-separated, the current secret first', () => {
    const single = buildDeliveryRequest(example).headers['webhook-signature']!
    const both = buildDeliveryRequest({
      ...example,
      secrets: [...example.secrets, 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    }).headers['webhook-signature']!
    const signatures = both.split(' ')
    expect(signatures).toHaveLength(2)
    expect(signatures[0]).toBe(single)
    for (const signature of signatures) expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
  })

  it('adds the subscription’s string headers, names in lower case', () => {
    const request = buildDeliveryRequest({
      ...example,
      extraHeaders: { 'X-Tenant': 'acme', Authorization: 'Bearer shared-token' },
    })
    expect(request.headers['x-tenant']).toBe('acme')
    expect(request.headers.authorization).toBe('Bearer shared-token')
    expect(request.headers['X-Tenant']).toBeUndefined()
  })

  it('drops extra headers whose value is not a string', () => {
    const request = buildDeliveryRequest({
      ...example,
      extraHeaders: { 'X-Number': 5, 'X-Null': null, 'X-Object': { a: 1 }, 'X-Ok': 'yes' },
    })
    expect(Object.keys(request.headers).filter((name) => name.startsWith('x-'))).toEqual(['x-ok'])
  })

  it('lets no extra header replace, duplicate or add to the service’s own', () => {
    const own = buildDeliveryRequest({ ...example, extraHeaders: null }).headers
    const forged = buildDeliveryRequest({
      ...example,
      extraHeaders: {
        'Content-Type': 'text/plain',
        'CONTENT-LENGTH': '1',
        'Transfer-Encoding': 'chunked',
        Connection: 'close',
        Host: 'evil.example.com',
        'User-Agent': 'forged',
        'Webhook-Id': 'forged',
        'webhook-timestamp': '0',
        'WEBHOOK-SIGNATURE': 'v1,forged',
        'webhook-extra': 'forged',
      },
    }).headers
    expect(forged).toEqual(own)
  })

  it('sends only the service’s headers when the subscription has none', () => {
    for (const extraHeaders of [undefined, null, {}]) {
      expect(
        Object.keys(buildDeliveryRequest({ ...example, extraHeaders }).headers).sort(),
      ).toEqual([
        'content-type',
        'user-agent',
        'webhook-id',
        'webhook-signature',
        'webhook-timestamp',
      ])
    }
  })
})

describe('isAllowedExtraHeader', () => {
  it.each(['X-Tenant', 'x-tenant', 'Authorization', 'X-Api-Key', "x_custom.header!#$%&'*+^`|~"])(
    'allows %j',
    (name) => {
      expect(isAllowedExtraHeader(name)).toBe(true)
    },
  )

  it.each([
    'content-type',
    'Content-Length',
    'transfer-encoding',
    'Connection',
    'HOST',
    'user-agent',
    'webhook-id',
    'Webhook-Timestamp',
    'webhook-signature',
    'webhook-anything',
  ])('forbids %j, a header of the signature, the body’s framing or the connection', (name) => {
    expect(isAllowedExtraHeader(name)).toBe(false)
  })

  it.each(['', 'X Tenant', 'X-Tenant:', 'X-Ténant', 'X-Tenant\r\nX-Evil', '(comment)'])(
    'forbids %j, which is not an HTTP header name',
    (name) => {
      expect(isAllowedExtraHeader(name)).toBe(false)
    },
  )
})
