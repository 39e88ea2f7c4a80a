import { describe, expect, it } from 'vitest'

import { assertUnmodifiedSince, unmodifiedSinceOf } from './preconditions'

const header = (value: string) => new Headers({ 'if-unmodified-since': value })

describe('If-Unmodified-Since', () => {
  it('reads an HTTP date, and nothing when absent', () => {
    expect(unmodifiedSinceOf(header('Thu, 26 Nov 2026 06:20:00 GMT'))?.toISOString()).toBe(
      '2026-11-26T06:20:00.000Z',
    )
    expect(unmodifiedSinceOf(new Headers())).toBeUndefined()
    expect(unmodifiedSinceOf(header('Thu, 01 Jan 1970 00:00:00 GMT'))?.getTime()).toBe(0)
  })

  it.each([
    'yesterday',
    '2026-11-26T06:20:00Z',
    'Thu, 26 Nov 2026 06:20 GMT',
    'Thu, 26 Nov 2026 25:20:00 GMT',
  ])('refuses %j with 400', (value) => {
    expect(() => unmodifiedSinceOf(header(value))).toThrow(/must be an HTTP date/)
  })

  it('lets a change through when the resource is unchanged since, to the second', () => {
    const since = new Date('2026-11-26T06:20:00.000Z')
    expect(() =>
      assertUnmodifiedSince({ modifiedAt: new Date('2026-11-26T06:20:00.900Z'), since, what: 'x' }),
    ).not.toThrow()
    expect(() =>
      assertUnmodifiedSince({ modifiedAt: new Date('2026-11-26T06:19:00Z'), since, what: 'x' }),
    ).not.toThrow()
    expect(() =>
      assertUnmodifiedSince({ modifiedAt: new Date(), since: undefined, what: 'x' }),
    ).not.toThrow()
  })

  it('refuses it with 412 once the resource changed in a later second', () => {
    const since = new Date('2026-11-26T06:20:00.000Z')
    expect(() =>
      assertUnmodifiedSince({
        modifiedAt: new Date('2026-11-26T06:20:01.000Z'),
        since,
        what: 'The subscription',
      }),
    ).toThrow(/The subscription changed at 2026-11-26T06:20:01.000Z/)
  })
})
