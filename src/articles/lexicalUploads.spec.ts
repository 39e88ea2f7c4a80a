import { describe, expect, it } from 'vitest'

import { embeddedImageIds, withEmbeddedImages } from './lexicalUploads'

const body = {
  root: {
    type: 'root',
    children: [
      { type: 'paragraph', children: [{ type: 'text', text: 'Before' }] },
      { type: 'upload', relationTo: 'media', value: 7, fields: null },
      { type: 'upload', relationTo: 'documents', value: 8 },
      { type: 'list', children: [{ type: 'upload', relationTo: 'media', value: { id: 9 } }] },
    ],
  },
}

describe('images embedded in a Lexical body', () => {
  it('are found in document order, nested ones included, other uploads not', () => {
    expect(embeddedImageIds(body)).toEqual([7, 9])
    expect(embeddedImageIds(null)).toEqual([])
  })

  it('come out with the image in place of the id, a deleted one as null, the body untouched', () => {
    const shown = withEmbeddedImages(body, (id) => (id === 7 ? { id, url: 'u7' } : undefined))
    expect(shown).toMatchObject({
      root: {
        children: [
          { type: 'paragraph' },
          { type: 'upload', value: { id: 7, url: 'u7' } },
          { type: 'upload', relationTo: 'documents', value: 8 },
          { type: 'list', children: [{ type: 'upload', value: null }] },
        ],
      },
    })
    expect(body.root.children[1]).toMatchObject({ value: 7 })
  })
})
