import { describe, expect, it } from 'vitest'

import {
  afterBackoffMs,
  deliveriesReadAgainMs,
  deliveryReadAgainMs,
  endpointReadAgainMs,
  inFlightPollMs,
  longestWaitMs,
  waitingForEarlierMs,
} from './readAgain'
import type { NextAttemptResource } from '@/webhooks/nextAttempt'

const now = Date.parse('2026-11-27T12:00:00Z')
const inSeconds = (seconds: number) => new Date(now + seconds * 1000).toISOString()
const delivery = (next: Partial<NextAttemptResource>) => ({
  next_attempt: {
    at: null,
    reason: 'due',
    endpoint_failure_count: 0,
    waiting_for_delivery_id: null,
    ...next,
  } as NextAttemptResource,
})

describe('when a portal page reads again what changes by itself', () => {
  it('reads a delivery every second while it is being sent or due now', () => {
    expect(deliveryReadAgainMs(delivery({ reason: 'sending' }), now)).toBe(inFlightPollMs)
    expect(deliveryReadAgainMs(delivery({ reason: 'due', at: inSeconds(0) }), now)).toBe(
      inFlightPollMs,
    )
  })

  it("reads a delivery held by an hour's back-off no more than every 10 s, not every second", () => {
    const held = delivery({ reason: 'backing_off', at: inSeconds(3600) })
    expect(deliveryReadAgainMs(held, now)).toBe(longestWaitMs)
    expect(longestWaitMs).toBe(10_000)
    // A back-off ending in 4 s: read when it ends, when the delivery goes.
    expect(deliveryReadAgainMs(delivery({ reason: 'backing_off', at: inSeconds(4) }), now)).toBe(
      4000,
    )
    expect(
      deliveryReadAgainMs(delivery({ reason: 'waiting_for_earlier', waiting_for_delivery_id: 3 })),
    ).toBe(waitingForEarlierMs)
  })

  it('stops reading what will not change by itself', () => {
    for (const reason of ['delivered', 'given_up', 'endpoint_off'] as const) {
      expect(deliveryReadAgainMs(delivery({ reason }), now)).toBeNull()
    }
    expect(deliveriesReadAgainMs([delivery({ reason: 'delivered' })], now)).toBeNull()
    expect(deliveriesReadAgainMs([], now)).toBeNull()
  })

  it('reads a page of the log at the soonest of its deliveries', () => {
    const page = [
      delivery({ reason: 'delivered' }),
      delivery({ reason: 'scheduled', at: inSeconds(7) }),
      delivery({ reason: 'backing_off', at: inSeconds(3600) }),
    ]
    expect(deliveriesReadAgainMs(page, now)).toBe(7000)
  })

  it('reads an endpoint again a second after its back-off ends, then until its failures clear', () => {
    const endpoint = (backoffSeconds: number | null, failures = 1, isActive = true) => ({
      is_active: isActive,
      backoff_until: backoffSeconds === null ? null : inSeconds(backoffSeconds),
      failure_count: failures,
    })
    expect(endpointReadAgainMs(endpoint(6), now)).toBe(7000)
    expect(endpointReadAgainMs(endpoint(3600), now)).toBe(longestWaitMs)
    // Over, its probe not yet seen to succeed: read every 5 s until the failures clear.
    expect(endpointReadAgainMs(endpoint(-1), now)).toBe(afterBackoffMs)
    expect(endpointReadAgainMs(endpoint(-1, 0), now)).toBeNull()
    expect(endpointReadAgainMs(endpoint(null, 0), now)).toBeNull()
    expect(endpointReadAgainMs(endpoint(60, 5, false), now)).toBeNull()
  })
})
