import { describe, expect, it } from 'vitest'

import { ungrantedEvents, ungrantedMessage } from './ungrantedEvents'

const catalogue = [
  { name: 'article.created', grant: 'content' },
  { name: 'order.paid', grant: 'orders' },
  { name: 'inquiry.created', grant: 'inquiries' },
  { name: 'webhook.test', grant: null },
]

describe('ungrantedEvents', () => {
  it('names each asked type whose grant the consumer lacks, once, with that grant', () => {
    expect(
      ungrantedEvents(
        ['article.created', 'order.paid', 'inquiry.created', 'order.paid'],
        ['content'],
        catalogue,
      ),
    ).toEqual([
      { type: 'order.paid', grant: 'orders' },
      { type: 'inquiry.created', grant: 'inquiries' },
    ])
  })

  it('lets `*`, types without a grant and unknown names through', () => {
    expect(ungrantedEvents(['*', 'webhook.test', 'order.exploded'], [], catalogue)).toEqual([])
  })

  it('says which grant each type needs', () => {
    expect(ungrantedMessage([{ type: 'order.paid', grant: 'orders' }])).toContain(
      'order.paid needs the `orders` grant',
    )
  })
})
