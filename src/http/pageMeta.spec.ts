import { describe, expect, it } from 'vitest'

import { numberedPage, offsetPage } from './pageMeta'

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

describe('numberedPage', () => {
  it("takes the page, its size and the total from Payload's find, page 1 when unpaged", () => {
    expect(numberedPage({ docs: ['a'], page: 3, limit: 10, totalDocs: 21 })).toEqual({
      docs: ['a'],
      page: 3,
      perPage: 10,
      total: 21,
    })
    expect(numberedPage({ docs: [], limit: 10, totalDocs: 0 }).page).toBe(1)
  })
})
