import { describe, expect, it } from 'vitest'

import { adminOrigins, corsOrigins } from './corsOrigins'

describe('corsOrigins', () => {
  it('allows any origin when unset, empty or *', () => {
    expect(corsOrigins(undefined)).toBe('*')
    expect(corsOrigins('')).toBe('*')
    expect(corsOrigins(' * ')).toBe('*')
  })

  it('trims every entry and skips empty ones', () => {
    expect(corsOrigins('https://a.example, https://b.example ,http://localhost:5173,')).toEqual([
      'https://a.example',
      'https://b.example',
      'http://localhost:5173',
    ])
  })

  it('refuses an entry that is not an origin, naming it and what was probably meant', () => {
    expect(() => corsOrigins('https://a.example, https://b.example/shop')).toThrow(
      'CORS_ORIGINS: "https://b.example/shop" is not an origin (scheme://host[:port], nothing after it); did you mean "https://b.example"?',
    )
    expect(() => corsOrigins('https://a.example/')).toThrow('did you mean "https://a.example"?')
    expect(() => corsOrigins('a.example')).toThrow('"a.example" is not an origin')
    expect(() => corsOrigins('ftp://a.example')).toThrow('"ftp://a.example" is not an origin')
    expect(() => corsOrigins('https://a.example, *')).toThrow('"*" is not an origin')
  })
})

describe('adminOrigins', () => {
  it('lists origins, none when unset, and refuses `*` and anything that is not an origin', () => {
    expect(adminOrigins(undefined)).toEqual([])
    expect(adminOrigins('https://admin.shop.example, http://localhost:4000')).toEqual([
      'https://admin.shop.example',
      'http://localhost:4000',
    ])
    expect(() => adminOrigins('*')).toThrow('ADMIN_ORIGINS: list the origins, `*` is refused')
    expect(() => adminOrigins('https://admin.shop.example/')).toThrow(
      'ADMIN_ORIGINS: "https://admin.shop.example/" is not an origin',
    )
  })
})
