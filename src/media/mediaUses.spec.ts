import { describe, expect, it } from 'vitest'

import { mediaInUseMessage, namedUses, type MediaUse } from './mediaUses'

describe('mediaInUseMessage', () => {
  it('names each document with its kind, id, title and whether it is the draft', () => {
    expect(
      mediaInUseMessage([
        { kind: 'article', id: 12, title: 'Autumn walk', draft: false },
        { kind: 'page', id: 3, title: 'About', draft: true },
        { kind: 'product', id: 7, title: 'Mug', draft: false },
      ]),
    ).toBe(
      'This image is still used by article 12 "Autumn walk", page 3 (draft) "About", product 7 "Mug"; replace it there before deleting it',
    )
  })

  it('leaves out a missing title (a draft may have none yet)', () => {
    expect(mediaInUseMessage([{ kind: 'page', id: 4, title: null, draft: true }])).toBe(
      'This image is still used by page 4 (draft); replace it there before deleting it',
    )
  })

  it(`names at most ${namedUses} uses, then says there are others`, () => {
    const uses: MediaUse[] = Array.from({ length: namedUses + 1 }, (_, index) => ({
      kind: 'product',
      id: index + 1,
      title: `P${index + 1}`,
      draft: false,
    }))
    const message = mediaInUseMessage(uses)
    expect(message).toContain(`product ${namedUses} "P${namedUses}" and others;`)
    expect(message).not.toContain(`product ${namedUses + 1} `)
  })
})
