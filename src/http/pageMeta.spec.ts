import { describe, expect, it } from 'vitest'

import { offsetPage } from './pageMeta'

describe('offsetPage', () => {
  it('counts the pages a total fills, none for an empty list', () => {
    expect(offsetPage({ page: 2, perPage: 20, total: 41 })).toEqual({
      page: 2,
      per_page: 20,
      total: 41,
      total_pages: 3,
    })
    expect(offsetPage({ page: 1, perPage: 20, total: 0 }).total_pages).toBe(0)
  })
})
