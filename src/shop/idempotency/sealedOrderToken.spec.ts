import { describe, expect, it } from 'vitest'

import { openOrderToken, sealOrderToken } from './sealedOrderToken'

const secret = 'a-payload-secret'
const token = 'Zq3W8gX1m9b0Vt4kLpR2sYc7uNfHjEoAiDeQwTyUx5I'
const binding = { scope: 'address:ab12', key: 'cart-1', orderId: 7 }

describe('sealOrderToken and openOrderToken', () => {
  it('opens what was sealed for the same row, and the seal does not show the token', () => {
    const sealed = sealOrderToken({ secret, token, binding })
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain(token)
    expect(openOrderToken({ secret, sealed, binding })).toBe(token)
    // A fresh nonce each time: the same token seals differently.
    expect(sealOrderToken({ secret, token, binding })).not.toBe(sealed)
  })

  it("opens nothing with another secret, another row's binding, a tampered or missing seal", () => {
    const sealed = sealOrderToken({ secret, token, binding })
    expect(openOrderToken({ secret: 'another', sealed, binding })).toBeUndefined()
    for (const other of [
      { ...binding, orderId: 8 },
      { ...binding, key: 'cart-2' },
      { ...binding, scope: 'address:cd34' },
    ]) {
      expect(openOrderToken({ secret, sealed, binding: other })).toBeUndefined()
    }
    const [version, iv, body, tag] = sealed.split('.')
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`
    expect(
      openOrderToken({ secret, sealed: [version, iv, flipped, tag].join('.'), binding }),
    ).toBeUndefined()
    expect(openOrderToken({ secret, sealed: null, binding })).toBeUndefined()
    expect(openOrderToken({ secret, sealed: 'v2.a.b.c', binding })).toBeUndefined()
    expect(openOrderToken({ secret, sealed: 'garbage', binding })).toBeUndefined()
  })
})
