import { describe, expect, it } from 'vitest'

import { queryDate, queryInteger, queryNameList } from './queryParams'

describe('query parameters', () => {
  it('reads whole numbers within bounds only', () => {
    const perPage = queryInteger({ min: 1, max: 100 })
    expect(perPage.parse('100')).toBe(100)
    for (const bad of ['0', '101', '1.5', '1e2', ' 3', '-1', 'abc', '']) {
      expect(perPage.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('reads calendar dates as midnight UTC and refuses impossible or other forms', () => {
    expect(queryDate.parse('2026-02-28').toISOString()).toBe('2026-02-28T00:00:00.000Z')
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-01', '01-02-2026', '2026-02-28T00:00']) {
      expect(queryDate.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('reads allow-listed names and names the unknown ones', () => {
    const include = queryNameList(['author', 'tags'] as const)
    expect(include.parse('tags, author,,tags')).toEqual(['tags', 'author'])
    const result = include.safeParse('author,comments')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toContain('"comments"')
  })
})
