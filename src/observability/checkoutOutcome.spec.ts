import { describe, expect, it } from 'vitest'

import { HttpError } from '@/http/errors'
import { checkoutOutcomeOf } from './checkoutOutcome'

describe('checkoutOutcomeOf', () => {
  it('names what refused or failed a checkout', () => {
    const thrown = (code: HttpError['code']) => new HttpError({ code, message: 'x' })
    expect(checkoutOutcomeOf(thrown('bad_request'))).toBe('invalid_cart')
    expect(checkoutOutcomeOf(thrown('conflict'))).toBe('conflict')
    expect(checkoutOutcomeOf(thrown('bad_gateway'))).toBe('provider_failure')
    expect(checkoutOutcomeOf(thrown('internal_error'))).toBe('error')
    expect(checkoutOutcomeOf(new Error('connection reset'))).toBe('error')
  })
})
