import { describe, expect, it } from 'vitest'

import { requestedRange } from './byteRange'

const tag = '"abc"'
const ask = (range: string | null, size = 1000, ifRange: string | null = null) =>
  requestedRange(
    new Headers({ ...(range ? { range } : {}), ...(ifRange ? { 'if-range': ifRange } : {}) }),
    size,
    tag,
  )

describe('requestedRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(ask('bytes=0-99')).toEqual({ start: 0, end: 99 })
    expect(ask('bytes=900-')).toEqual({ start: 900, end: 999 })
    expect(ask('bytes=-100')).toEqual({ start: 900, end: 999 })
  })

  it('ends a range that runs past the file at its last byte', () => {
    expect(ask('bytes=500-5000')).toEqual({ start: 500, end: 999 })
    expect(ask('bytes=-5000')).toEqual({ start: 0, end: 999 })
  })

  it('answers the whole file when there is no range, or one it may ignore', () => {
    expect(ask(null)).toBe('whole')
    expect(ask('bytes=0-9,20-29')).toBe('whole')
    expect(ask('items=0-9')).toBe('whole')
    expect(ask('bytes=9-0')).toBe('whole')
    expect(ask('bytes=-')).toBe('whole')
    expect(ask('bytes=abc')).toBe('whole')
  })

  it('refuses a range wholly past the end, and an empty suffix', () => {
    expect(ask('bytes=1000-')).toBe('unsatisfiable')
    expect(ask('bytes=-0')).toBe('unsatisfiable')
    expect(ask('bytes=0-0', 0)).toBe('unsatisfiable')
  })

  it('sends the range only while If-Range still names the file', () => {
    expect(ask('bytes=0-9', 1000, tag)).toEqual({ start: 0, end: 9 })
    expect(ask('bytes=0-9', 1000, '"older"')).toBe('whole')
    expect(ask('bytes=0-9', 1000, 'Wed, 21 Oct 2015 07:28:00 GMT')).toBe('whole')
  })
})
