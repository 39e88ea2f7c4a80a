import { describe, expect, it } from 'vitest'

import { decodeCursor, encodeCursor } from './cursor'

describe('v2 cursors', () => {
  it('round-trip a position', () => {
    const position = {
      sort: 'created_at' as const,
      direction: 'desc' as const,
      value: '2026-11-22 03:24:47.123+00',
      id: 42,
    }
    const cursor = encodeCursor(position)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(cursor)).toEqual(position)
  })

  it('refuse what this service did not issue', () => {
    for (const bad of [
      'not-base64-json',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["id","up","1",1]').toString('base64url'),
      Buffer.from('["id","asc","1",-1]').toString('base64url'),
      Buffer.from('["id","asc",1,1]').toString('base64url'),
    ]) {
      expect(decodeCursor(bad), bad).toBeUndefined()
    }
  })
})
