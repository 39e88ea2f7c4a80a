import { describe, expect, it } from 'vitest'

import { relatedCollections } from './relatedCollections'

const collections = [
  {
    slug: 'products',
    fields: [
      { type: 'text' },
      { type: 'upload', relationTo: 'media' },
      { type: 'join', collection: 'stock-adjustments', access: { read: () => false } },
      { type: 'relationship', relationTo: 'users', access: { read: () => false } },
    ],
  },
  {
    slug: 'pages',
    fields: [
      { type: 'row', fields: [{ type: 'upload', relationTo: 'media' }] },
      {
        type: 'blocks',
        blocks: [{ fields: [{ type: 'relationship', relationTo: ['products'] }] }],
      },
    ],
  },
  { slug: 'media', fields: [{ type: 'text' }] },
]
const richTextShows: string[] = []
const isHidden = (field: { access?: { read?: unknown } }) => field.access?.read !== undefined

describe('relatedCollections', () => {
  it('names nothing at depth 0 but the joins a caller sees, nor fields hidden from the caller', () => {
    expect(
      relatedCollections({ collections, slug: 'products', depth: 0, isHidden, richTextShows }),
    ).toEqual([])
    expect(
      relatedCollections({
        collections,
        slug: 'products',
        depth: 0,
        isHidden: () => false,
        richTextShows,
      }),
    ).toEqual(['stock-adjustments'])
    expect(
      relatedCollections({
        collections,
        slug: 'products',
        depth: 1,
        isHidden: () => false,
        richTextShows,
      }),
    ).toEqual(['media', 'stock-adjustments', 'users'])
  })

  it('counts what rich text may show from depth 1', () => {
    const withText = [{ slug: 'pages', fields: [{ type: 'richText' }] }]
    const shows = ['articles', 'media']
    const related = (depth: number) =>
      relatedCollections({
        collections: withText,
        slug: 'pages',
        depth,
        isHidden,
        richTextShows: shows,
      })
    expect(related(0)).toEqual([])
    expect(related(1)).toEqual(['articles', 'media'])
  })

  it('follows relations one hop per level, through nested fields and blocks', () => {
    expect(
      relatedCollections({ collections, slug: 'pages', depth: 1, isHidden, richTextShows }),
    ).toEqual(['media', 'products'])
    expect(
      relatedCollections({ collections, slug: 'products', depth: 2, isHidden, richTextShows }),
    ).toEqual(['media'])
  })
})
