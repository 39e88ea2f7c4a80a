import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { buildDeliveryRequest } from './deliveryRequest'
import { generateSecret, signingSecrets } from './secret'
import { sign } from './signature'

describe('sign', () => {
  it('matches the Standard Webhooks reference signature', () => {
    const secret = generateSecret()
    const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W'
    const timestamp = 1_700_000_000
    const body = '{"test":2432232314}'
    const expected = new Webhook(secret).sign(id, new Date(timestamp * 1000), body)
    expect(sign({ id, timestamp, body, secret })).toBe(expected)
  })

  it('generates 32-character secrets of 24 random bytes', () => {
    const secret = generateSecret()
    expect(secret).toHaveLength(32)
    expect(Buffer.from(secret, 'base64')).toHaveLength(24)
    expect(generateSecret()).not.toBe(secret)
  })
})

describe('buildDeliveryRequest', () => {
  const oldSecret = generateSecret()
  const newSecret = generateSecret()
  const now = new Date()
  const request = buildDeliveryRequest({
    eventId: 'evt-1',
    type: 'order.created',
    occurredAt: new Date('2026-01-15T09:30:00Z'),
    data: { id: 1 },
    secrets: [newSecret, oldSecret],
    extraHeaders: {
      'X-Tenant': 'acme',
      'Content-Type': 'text/plain',
      'webhook-id': 'forged',
      Host: 'evil',
    },
    now,
  })

  it('verifies with either secret during rotation, the new signature first', () => {
    expect(new Webhook(newSecret).verify(request.body, request.headers)).toEqual(
      JSON.parse(request.body),
    )
    expect(new Webhook(oldSecret).verify(request.body, request.headers)).toBeTruthy()
    expect(request.headers['webhook-signature']!.split(' ')[0]).toBe(
      sign({
        id: 'evt-1',
        timestamp: Math.floor(now.getTime() / 1000),
        body: request.body,
        secret: newSecret,
      }),
    )
    expect(() => new Webhook(generateSecret()).verify(request.body, request.headers)).toThrow()
  })

  it('sends {id, type, timestamp, data} and keeps reserved headers out of reach', () => {
    expect(JSON.parse(request.body)).toEqual({
      id: 'evt-1',
      type: 'order.created',
      timestamp: '2026-01-15T09:30:00.000Z',
      data: { id: 1 },
    })
    expect(request.headers['x-tenant']).toBe('acme')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['webhook-id']).toBe('evt-1')
    expect(request.headers.host).toBeUndefined()
  })
})

describe('signingSecrets', () => {
  const rotatedAt = new Date('2026-01-15T10:00:00Z')
  const at = (minutes: number) => new Date(rotatedAt.getTime() + minutes * 60_000)

  it('signs with the old secret too for ten minutes after a rotation', () => {
    const args = { secret: 'new', secretOld: 'old', secretRotatedAt: rotatedAt }
    expect(signingSecrets({ ...args, now: at(9.9) })).toEqual(['new', 'old'])
    expect(signingSecrets({ ...args, now: at(10) })).toEqual(['new'])
    expect(signingSecrets({ secret: 'only', now: at(0) })).toEqual(['only'])
  })
})
