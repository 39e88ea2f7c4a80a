import { describe, expect, it } from 'vitest'

import { requestIdFor } from './requestId.mjs'

describe('requestIdFor', () => {
  it("keeps the caller's id so a request can be followed across services", () => {
    expect(requestIdFor('req_01HZX-abc.42')).toBe('req_01HZX-abc.42')
  })

  it('replaces a missing, over-long or header-injecting id with a UUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(requestIdFor(null)).toMatch(uuid)
    expect(requestIdFor('x'.repeat(129))).toMatch(uuid)
    expect(requestIdFor('abc\r\nSet-Cookie: a=b')).toMatch(uuid)
  })
})
