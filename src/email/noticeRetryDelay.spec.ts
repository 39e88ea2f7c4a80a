import { describe, expect, it } from 'vitest'

import { noticeRetryDelaySeconds } from './noticeRetryDelay'

describe('the retry of a notice', () => {
  it('backs off from a failing mail server, doubling up to an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => noticeRetryDelaySeconds(attempts, 60))).toEqual([
      60, 120, 240, 480,
    ])
    expect(noticeRetryDelaySeconds(20, 60)).toBe(3600)
    expect(noticeRetryDelaySeconds(3, 0)).toBe(0)
  })
})
