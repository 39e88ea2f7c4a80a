import { describe, expect, it } from 'vitest'

import { slugPattern, slugify } from './slug'

describe('slugs', () => {
  it('accepts lower-case words joined by single hyphens', () => {
    expect(slugPattern.test('my-first-post-2')).toBe(true)
    for (const bad of ['My-Post', 'a--b', '-a', 'a-', 'a b', '', 'é']) {
      expect(slugPattern.test(bad), bad).toBe(false)
    }
  })

  it('makes a valid slug from a title', () => {
    expect(slugify('  Crème Brûlée: 10 Tips!  ')).toBe('creme-brulee-10-tips')
    expect(slugPattern.test(slugify('Hello,   World'))).toBe(true)
  })

  it.each([
    ['Blue Mug (large)', 'blue-mug-large'],
    ['  Crème brûlée — 2 pcs ', 'creme-brulee-2-pcs'],
    ['Already-a-slug', 'already-a-slug'],
    ['!!!', ''],
  ])('makes %j into %j', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })
})
