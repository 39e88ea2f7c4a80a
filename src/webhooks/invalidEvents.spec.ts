import { describe, expect, it } from 'vitest'

import { invalidEvents } from './invalidEvents'

describe('invalidEvents', () => {
  it('lists every unknown name once', () => {
    const active = ['article.created', 'order.created', 'webhook.test']
    expect(invalidEvents(['*', 'order.created', 'order.exploded', 'x', 'x'], active)).toEqual([
      'order.exploded',
      'x',
    ])
  })
})
