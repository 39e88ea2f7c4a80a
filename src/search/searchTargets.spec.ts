import { describe, expect, it } from 'vitest'

import { publicArticleSql } from '@/articles/visibility'
import { hitPublishedAt } from './hitFields'
import { searchTargets } from './searchTargets'

const targets = Object.entries(searchTargets)

/**
 * What PostgreSQL prints for `to_char(<column> AT TIME ZONE 'UTC', '<format>')` at `instant`,
 * for the template patterns a timestamp needs (`YYYY MM DD HH24 MI SS MS`, `"quoted"` text);
 * undefined when the expression is not such a call over `column` converted to UTC.
 */
function toCharInUtc(expression: string, column: string, instant: Date) {
  const call = /^to_char\((\w+) AT TIME ZONE 'UTC', '([^']*)'\)$/.exec(expression)
  if (!call || call[1] !== column) return undefined
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  const patterns: Record<string, string> = {
    YYYY: pad(instant.getUTCFullYear(), 4),
    MM: pad(instant.getUTCMonth() + 1),
    DD: pad(instant.getUTCDate()),
    HH24: pad(instant.getUTCHours()),
    MI: pad(instant.getUTCMinutes()),
    SS: pad(instant.getUTCSeconds()),
    MS: pad(instant.getUTCMilliseconds(), 3),
  }
  return call[2]!.replace(/YYYY|MM|DD|HH24|MI|SS|MS|"([^"]*)"/g, (token, quoted?: string) =>
    quoted !== undefined ? quoted : patterns[token]!,
  )
}
const identifier = /^[a-z_][a-z0-9_]*$/
const identifierCase = /^[A-Za-z_][A-Za-z0-9_]*$/

describe('search targets', () => {
  it('search articles, products and pages, each in its own table', () => {
    expect(Object.keys(searchTargets).sort()).toEqual(['articles', 'pages', 'products'])
    for (const [name, target] of targets) expect(target.table).toBe(name)
  })

  it('match on the columns docs/api.md documents', () => {
    expect(searchTargets.articles.matchColumns).toEqual(['title', 'excerpt'])
    expect(searchTargets.products.matchColumns).toEqual(['name', 'description'])
    expect(searchTargets.pages.matchColumns).toEqual(['title', 'description'])
  })

  it('return the matched columns with each hit, so a caller sees why it matched', () => {
    for (const [name, target] of targets) {
      const returned = target.fields.map((field) => field.column)
      for (const column of target.matchColumns) expect(returned, name).toContain(column)
    }
  })

  it('show callers without the editor role published articles and pages, active products', () => {
    expect(searchTargets.articles.publicCondition).toBe(publicArticleSql('articles'))
    expect(searchTargets.articles.publicCondition).toBe(`articles._status = 'published'`)
    expect(searchTargets.products.publicCondition).toBe('active')
    expect(searchTargets.pages.publicCondition).toBe(`_status = 'published'`)
  })

  it('return each hit’s id and slug, and the flag that decides its visibility', () => {
    const names = (target: (typeof targets)[number][1]) => target.fields.map((field) => field.name)
    for (const [name, target] of targets) {
      expect(names(target), name).toEqual(expect.arrayContaining(['id', 'slug']))
    }
    expect(names(searchTargets.articles)).toContain('status')
    expect(names(searchTargets.products)).toContain('active')
    expect(names(searchTargets.pages)).toContain('published')
  })

  it('name fields alike in both APIs but the publication date: publishedAt, v1 published_at', () => {
    const renamed = targets.flatMap(([, target]) =>
      target.fields.filter((field) => field.name !== field.v1Name),
    )
    expect(renamed.map(({ name, v1Name }) => ({ name, v1Name }))).toEqual([
      { name: 'publishedAt', v1Name: 'published_at' },
    ])
  })

  it('print the publication date as ISO 8601 in UTC with milliseconds, as hits declare it', () => {
    const publishedAt = searchTargets.articles.fields.find((field) => field.name === 'publishedAt')
    const instant = new Date('2026-01-05T19:03:07.045Z')
    const printed = toCharInUtc(publishedAt!.column, 'published_at', instant)
    expect(printed).toBe(instant.toISOString())
    expect(hitPublishedAt.safeParse(printed).success).toBe(true)
  })

  it('use plain SQL identifiers where the query interpolates names', () => {
    for (const [name, target] of targets) {
      expect(target.table, name).toMatch(identifier)
      for (const column of target.matchColumns) expect(column, name).toMatch(identifier)
      for (const field of target.fields) {
        expect(field.name, name).toMatch(identifierCase)
        expect(field.v1Name, name).toMatch(identifier)
      }
    }
  })

  it('name their trigram indexes within PostgreSQL’s 63-byte identifier limit', () => {
    for (const [, target] of targets) {
      for (const column of target.matchColumns) {
        expect(`${target.table}_${column}_trgm_idx`.length).toBeLessThanOrEqual(63)
      }
    }
  })
})
