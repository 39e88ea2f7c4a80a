import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { newEventId } from './eventId'

describe('newEventId', () => {
  it('is a version 7 UUID, as the delivery contract validates it', () => {
    const id = newEventId()
    expect(z.uuid().safeParse(id).success).toBe(true)
    expect(id[14]).toBe('7')
  })

  it('sorts in the order the ids were made, many in one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => newEventId())
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('begins with the time it was made, to the millisecond', () => {
    const before = Date.now()
    const id = newEventId()
    const after = Date.now()
    const made = parseInt(id.replace(/-/g, '').slice(0, 12), 16)
    expect(made).toBeGreaterThanOrEqual(before)
    expect(made).toBeLessThanOrEqual(after)
  })
})
