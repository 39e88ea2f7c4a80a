import { HttpError } from '@/http/errors'
import type { CheckoutOutcome } from '@/runtime/metrics'

/** What a failed checkout counts as, from what the checkout operation threw. */
export function checkoutOutcomeOf(thrown: unknown): CheckoutOutcome {
  if (!(thrown instanceof HttpError)) return 'error'
  switch (thrown.code) {
    case 'bad_request':
    case 'validation_failed':
      return 'invalid_cart'
    case 'conflict':
      return 'conflict'
    case 'bad_gateway':
      return 'provider_failure'
    default:
      return 'error'
  }
}
