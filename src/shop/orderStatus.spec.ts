import { describe, expect, it } from 'vitest'

import { isManualTransitionAllowed, orderStatuses } from './orderStatus'

describe('isManualTransitionAllowed', () => {
  it('allows exactly paid → shipped → delivered, and staying put', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses
        .filter((to) => from !== to && isManualTransitionAllowed(from, to))
        .map((to) => `${from}->${to}`),
    )
    expect(allowed).toEqual(['paid->shipped', 'shipped->delivered'])
    for (const status of orderStatuses) expect(isManualTransitionAllowed(status, status)).toBe(true)
  })
})
