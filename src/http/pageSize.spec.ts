import { describe, expect, it } from 'vitest'

import { pageSizeProblem } from './pageSize'

describe('pageSizeProblem', () => {
  it('accepts a page of up to the cap, and a query that names no size', () => {
    expect(pageSizeProblem({}, 100)).toBeUndefined()
    expect(pageSizeProblem({ limit: '1' }, 100)).toBeUndefined()
    expect(pageSizeProblem({ limit: '100', page: '7' }, 100)).toBeUndefined()
    expect(
      pageSizeProblem({ pagination: 'true', joins: { comments: { limit: '5' } } }, 100),
    ).toBeUndefined()
  })

  it('refuses a larger page, every row at once, and a size that is no number', () => {
    for (const limit of ['101', '100000', '0', '-1', '1.5', 'all', '']) {
      expect(pageSizeProblem({ limit }, 100), limit).toMatch(/limit must be .* 1 to 100/)
    }
  })

  it("lets a query by at most the cap's ids ask for any page size (the admin panel's list cells)", () => {
    expect(pageSizeProblem({ limit: '250', where: { id: { in: '1,2,3' } } }, 100)).toBeUndefined()
    expect(
      pageSizeProblem({ pagination: 'false', where: { id: { in: ['1', '2'] } } }, 100),
    ).toBeUndefined()
    const tooMany = Array.from({ length: 101 }, (_, n) => String(n)).join(',')
    expect(pageSizeProblem({ limit: '250', where: { id: { in: tooMany } } }, 100)).toMatch(/limit/)
    expect(pageSizeProblem({ limit: '250', where: { title: { in: 'a' } } }, 100)).toMatch(/limit/)
  })

  it('refuses pagination=false and a join field asking for more than the cap', () => {
    expect(pageSizeProblem({ pagination: 'false' }, 100)).toMatch(/pagination=false/)
    expect(pageSizeProblem({ joins: { comments: { limit: '0' } } }, 100)).toMatch(
      /joins\[comments\]\[limit\]/,
    )
  })
})
