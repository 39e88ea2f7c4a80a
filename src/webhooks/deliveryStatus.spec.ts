import { describe, expect, it } from 'vitest'

import { deliveryStatuses } from './deliveryStatus'

describe('deliveryStatuses', () => {
  it('lists the statuses the API documents, in the documented order', () => {
    expect(deliveryStatuses).toEqual([
      'pending',
      'delivering',
      'succeeded',
      'failed',
      'dead',
      'cancelled',
    ])
  })

  it('names each status once', () => {
    expect(new Set(deliveryStatuses).size).toBe(deliveryStatuses.length)
  })
})
