import { describe, expect, it } from 'vitest'

import {
  anonymousBuyerKey,
  canonicalJson,
  idempotencyScope,
  parseIdempotencyKey,
  requestFingerprint,
} from './idempotencyKey'

describe('parseIdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters, and nothing without the header', () => {
    expect(parseIdempotencyKey(null)).toBeUndefined()
    expect(parseIdempotencyKey('a')).toBe('a')
    expect(parseIdempotencyKey('cart 7/2026-01-01 ~!')).toBe('cart 7/2026-01-01 ~!')
    expect(parseIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255))
  })

  it('refuses an empty, too long, control or non-ASCII key with a 400 naming the header', () => {
    for (const key of ['', 'x'.repeat(256), 'a\tb', 'a\u0000b', 'a\u007fb', 'café', 'ключ']) {
      expect(() => parseIdempotencyKey(key), JSON.stringify(key)).toThrow(
        expect.objectContaining({ status: 400, message: expect.stringMatching(/Idempotency-Key/) }),
      )
    }
  })
})

describe('idempotencyScope', () => {
  it('is the principal when signed in, else the anonymous buyer', () => {
    expect(idempotencyScope({ principal: { collection: 'users', id: 7 }, buyerKey: 'ab' })).toBe(
      'user:users:7',
    )
    expect(idempotencyScope({ buyerKey: 'ab' })).toBe('buyer:ab')
    expect(
      idempotencyScope({ principal: { collection: 'consumers', id: 'c-1' }, buyerKey: 'ab' }),
    ).toBe('user:consumers:c-1')
  })
})

describe('anonymousBuyerKey', () => {
  const buyer = { address: '203.0.113.7', email: 'ann@example.com', secret: 's' }
  it('tells apart two buyers behind one address, and one buyer from two addresses', () => {
    const key = anonymousBuyerKey(buyer)
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(anonymousBuyerKey({ ...buyer, email: 'bob@example.com' })).not.toBe(key)
    expect(anonymousBuyerKey({ ...buyer, address: '203.0.113.8' })).not.toBe(key)
    expect(anonymousBuyerKey({ ...buyer, secret: 't' })).not.toBe(key)
  })

  it('takes an e-mail as the checkout stores it: case and spaces aside', () => {
    expect(anonymousBuyerKey({ ...buyer, email: ' Ann@Example.COM ' })).toBe(
      anonymousBuyerKey(buyer),
    )
  })
})

describe('requestFingerprint', () => {
  it('is the same for the same value whatever the order of its keys', () => {
    const one = { items: [{ productId: 1, quantity: 2 }], customerEmail: 'a@b.c' }
    const other = { customerEmail: 'a@b.c', items: [{ quantity: 2, productId: 1 }] }
    expect(canonicalJson(one)).toBe(canonicalJson(other))
    expect(requestFingerprint(one)).toBe(requestFingerprint(other))
    expect(requestFingerprint(one)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('differs when a value, an array order or a field differs; absent equals undefined', () => {
    const base = { items: [{ productId: 1, quantity: 2 }], note: undefined }
    expect(requestFingerprint(base)).toBe(requestFingerprint({ items: base.items }))
    expect(requestFingerprint(base)).not.toBe(
      requestFingerprint({ items: [{ productId: 1, quantity: 3 }] }),
    )
    expect(requestFingerprint({ items: [1, 2] })).not.toBe(requestFingerprint({ items: [2, 1] }))
    expect(requestFingerprint({ a: null })).not.toBe(requestFingerprint({}))
  })
})
