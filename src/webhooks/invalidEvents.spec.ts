import { describe, expect, it } from 'vitest'

import { eventCatalogue } from './eventCatalogue'
import { invalidEvents } from './invalidEvents'

describe('invalidEvents', () => {
  it('lists every unknown name once', () => {
    const active = eventCatalogue.map((type) => type.name)
    expect(invalidEvents(['*', 'order.created', 'order.exploded', 'x', 'x'], active)).toEqual([
      'order.exploded',
      'x',
    ])
  })
})
