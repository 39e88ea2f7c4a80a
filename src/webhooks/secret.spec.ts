import { createHmac } from 'node:crypto'

import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'

import { generateSecret, rotationWindowMs, secretKey, signingSecrets } from './secret'

describe('generateSecret', () => {
  it('is the standard base64 text of 24 bytes: 32 characters, no padding, no prefix', () => {
    const secret = generateSecret()
    expect(secret).toMatch(/^[A-Za-z0-9+/]{32}$/)
    const bytes = Buffer.from(secret, 'base64')
    expect(bytes).toHaveLength(24)
    expect(bytes.toString('base64')).toBe(secret)
  })

  it('is different every time', () => {
    const secrets = Array.from({ length: 200 }, generateSecret)
    expect(new Set(secrets).size).toBe(secrets.length)
  })
})

describe('secretKey', () => {
  it('is the 24 bytes the secret encodes, not its 32 characters of text', () => {
    const secret = generateSecret()
    const key = secretKey(secret)
    expect(key).toHaveLength(24)
    expect(key.equals(Buffer.from(secret, 'base64'))).toBe(true)
    expect(key.equals(Buffer.from(secret, 'utf8'))).toBe(false)
  })

  it('ignores a whsec_ prefix, as the Standard Webhooks libraries do', () => {
    const secret = generateSecret()
    expect(secretKey(`whsec_${secret}`).equals(secretKey(secret))).toBe(true)
  })

  it('is the HMAC key a Standard Webhooks receiver derives from the secret as given', () => {
    const secret = generateSecret()
    const [id, timestamp, body] = ['evt-1', 1_768_469_401, '{"a":1}']
    const ours = createHmac('sha256', secretKey(secret))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64')
    expect(new Webhook(secret).sign(id, new Date(timestamp * 1000), body)).toBe(`v1,${ours}`)
  })
})

describe('signingSecrets', () => {
  const rotatedAt = new Date('2026-01-15T09:30:00.000Z')
  const after = (ms: number) => new Date(rotatedAt.getTime() + ms)
  const rotated = { secret: 'new', secretOld: 'old' }

  it('keeps the previous secret signing, second, for the ten minutes after a rotation', () => {
    expect(rotationWindowMs).toBe(10 * 60 * 1000)
    expect(signingSecrets({ ...rotated, secretRotatedAt: rotatedAt, now: after(0) })).toEqual([
      'new',
      'old',
    ])
    expect(
      signingSecrets({ ...rotated, secretRotatedAt: rotatedAt, now: after(rotationWindowMs - 1) }),
    ).toEqual(['new', 'old'])
    expect(
      signingSecrets({ ...rotated, secretRotatedAt: rotatedAt, now: after(rotationWindowMs) }),
    ).toEqual(['new'])
  })

  it('reads the rotation time as the database returns it, an ISO 8601 string', () => {
    const secretRotatedAt = rotatedAt.toISOString()
    expect(signingSecrets({ ...rotated, secretRotatedAt, now: after(60_000) })).toEqual([
      'new',
      'old',
    ])
    expect(signingSecrets({ ...rotated, secretRotatedAt, now: after(11 * 60_000) })).toEqual([
      'new',
    ])
  })

  it('signs with the current secret alone when there is no old secret or no rotation time', () => {
    expect(signingSecrets({ secret: 'new', secretRotatedAt: rotatedAt, now: after(0) })).toEqual([
      'new',
    ])
    expect(
      signingSecrets({ secret: 'new', secretOld: null, secretRotatedAt: rotatedAt, now: after(0) }),
    ).toEqual(['new'])
    expect(signingSecrets({ ...rotated, secretRotatedAt: null, now: after(0) })).toEqual(['new'])
    expect(signingSecrets({ ...rotated, secretRotatedAt: 'not a date', now: after(0) })).toEqual([
      'new',
    ])
  })

  it('keeps the secret before the previous one until its own window ends, third', () => {
    const twice = {
      ...rotated,
      secretRotatedAt: rotatedAt,
      secretOlder: 'older',
      secretOlderValidUntil: after(4 * 60_000),
    }
    expect(signingSecrets({ ...twice, now: after(0) })).toEqual(['new', 'old', 'older'])
    expect(signingSecrets({ ...twice, now: after(4 * 60_000 - 1) })).toEqual([
      'new',
      'old',
      'older',
    ])
    expect(signingSecrets({ ...twice, now: after(4 * 60_000) })).toEqual(['new', 'old'])
    expect(signingSecrets({ ...twice, now: after(rotationWindowMs) })).toEqual(['new'])
    expect(signingSecrets({ ...twice, secretOlderValidUntil: null, now: after(0) })).toEqual([
      'new',
      'old',
    ])
  })
})
