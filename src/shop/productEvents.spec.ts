import { describe, expect, it } from 'vitest'

import { toProductEventData } from './productEvents'

describe('event payloads', () => {
  it('product.* carry id, name, slug, price, stock, active, the gallery and languages', () => {
    const product = { id: 1, name: 'Mug', slug: 'mug', price: 19.99, stock: 4, active: true }
    const languages = { locale: 'en', locales: ['en'], text: { name: 'Mug' } }
    const image = {
      id: 2,
      url: 'http://localhost:3000/api/media/file/mug.jpg',
      alt: 'A mug',
      width: 800,
      height: 600,
      sizes: {},
    }
    expect(
      toProductEventData({ ...product, description: 'x' } as typeof product, [image], languages),
    ).toEqual({ ...product, images: [image], locale: 'en', locales: ['en'] })
  })

  it('product.* of an inactive product only name it: consumers cannot read it', () => {
    const product = { id: 1, name: 'Secret', slug: 'mug', price: 19.99, stock: 4, active: false }
    const languages = { locale: 'ru', locales: ['en', 'ru'], text: { name: 'Secret' } }
    const named = { id: 1, slug: 'mug', active: false, locale: 'ru', locales: ['en', 'ru'] }
    expect(toProductEventData(product, [], languages)).toEqual(named)
    expect(toProductEventData({ ...product, active: null }, [], languages)).toEqual(named)
  })
})
