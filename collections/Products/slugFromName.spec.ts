import { describe, expect, it } from 'vitest'

import { slugify } from './slugFromName'

describe('slugify', () => {
  it.each([
    ['Blue Mug (large)', 'blue-mug-large'],
    ['  Crème brûlée — 2 pcs ', 'creme-brulee-2-pcs'],
    ['Already-a-slug', 'already-a-slug'],
    ['!!!', ''],
  ])('%j gives %j', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })
})
