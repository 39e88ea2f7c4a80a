import { describe, expect, it } from 'vitest'

import { classifyResponse } from './classifyResponse'
import { foldOutcomes } from './subscriptionOutcome'

describe('classifyResponse', () => {
  it('counts only 2xx as success', () => {
    expect(classifyResponse({ kind: 'response', status: 204 }).isSuccess).toBe(true)
    expect(classifyResponse({ kind: 'response', status: 301 }).isSuccess).toBe(false)
    expect(classifyResponse({ kind: 'response', status: 500 }).isSuccess).toBe(false)
    expect(classifyResponse({ kind: 'error', message: 'timeout' }).isSuccess).toBe(false)
  })

  it('honours Retry-After on 429 and 503 only', () => {
    expect(classifyResponse({ kind: 'response', status: 429 }).honoursRetryAfter).toBe(true)
    expect(classifyResponse({ kind: 'response', status: 503 }).honoursRetryAfter).toBe(true)
    expect(classifyResponse({ kind: 'response', status: 500 }).honoursRetryAfter).toBe(false)
  })
})

describe('foldOutcomes', () => {
  it('counts the failures after the last success', () => {
    expect(foldOutcomes([false, true, false, false])).toEqual({ hasSuccess: true, failures: 2 })
    expect(foldOutcomes([false, false])).toEqual({ hasSuccess: false, failures: 2 })
    expect(foldOutcomes([false, true])).toEqual({ hasSuccess: true, failures: 0 })
  })
})
