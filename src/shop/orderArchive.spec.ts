import { describe, expect, it } from 'vitest'

import { isArchivable, ordersListFilter } from './orderArchive'
import { orderStatuses } from './orderStatus'

describe('archiving orders', () => {
  it('lets only an order that ended unpaid be archived', () => {
    expect(orderStatuses.filter(isArchivable)).toEqual(['cancelled', 'expired'])
  })

  it('hides archived orders from the list unless its filter asks about them', () => {
    const hidden = { archivedAt: { exists: false } }
    expect(ordersListFilter(undefined)).toEqual(hidden)
    expect(ordersListFilter({ where: { status: { equals: 'expired' } } })).toEqual(hidden)
    expect(ordersListFilter({ where: { archivedAt: { exists: 'true' } } })).toBeNull()
    // The list's filter builder nests conditions in or/and groups.
    expect(
      ordersListFilter({ where: { or: [{ and: [{ archivedAt: { exists: 'true' } }] }] } }),
    ).toBeNull()
  })
})
