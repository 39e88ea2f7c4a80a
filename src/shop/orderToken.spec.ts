import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { isOrderToken, newOrderToken, orderTokenHash, orderTokenSchema } from './orderToken'

describe('newOrderToken', () => {
  it('is 256 random bits as 43 base64url characters, new each time', () => {
    const tokens = new Set(Array.from({ length: 100 }, newOrderToken))
    expect(tokens.size).toBe(100)
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(token, 'base64url')).toHaveLength(32)
      expect(orderTokenSchema.safeParse(token).success).toBe(true)
    }
  })
})

describe('orderTokenHash', () => {
  it('is the SHA-256 of the token, hex', () => {
    const token = newOrderToken()
    expect(orderTokenHash(token)).toBe(createHash('sha256').update(token).digest('hex'))
    expect(orderTokenHash(token)).not.toContain(token)
  })
})

describe('isOrderToken', () => {
  const token = newOrderToken()
  const stored = orderTokenHash(token)

  it('accepts the token of the stored hash', () => {
    expect(isOrderToken(token, stored)).toBe(true)
  })

  it('refuses another token, none, a changed one, or any token when nothing is stored', () => {
    expect(isOrderToken(newOrderToken(), stored)).toBe(false)
    expect(isOrderToken(null, stored)).toBe(false)
    expect(isOrderToken(undefined, stored)).toBe(false)
    expect(isOrderToken('', stored)).toBe(false)
    expect(isOrderToken(`${token} `, stored)).toBe(false)
    expect(isOrderToken(token.slice(1), stored)).toBe(false)
    expect(isOrderToken(token.toUpperCase(), stored)).toBe(false)
    expect(isOrderToken(token, null)).toBe(false)
    expect(isOrderToken(token, '')).toBe(false)
    expect(isOrderToken(token, 'not a hash')).toBe(false)
  })

  it('refuses the empty string even against the hash of the empty string', () => {
    expect(isOrderToken('', orderTokenHash(''))).toBe(false)
    expect(isOrderToken(null, orderTokenHash(''))).toBe(false)
  })
})
