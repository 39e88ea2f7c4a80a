import type { Payload } from 'payload'

/** Demo products of the shop, by slug; prices in roubles. */
export const demoProducts = [
  {
    name: 'Enamel Mug',
    slug: 'enamel-mug',
    description: 'A white enamel mug with a blue rim, 350 ml.',
    price: 790,
    stock: 25,
    active: true,
  },
  {
    name: 'Canvas Tote Bag',
    slug: 'canvas-tote-bag',
    description: 'Heavy cotton canvas, long handles.',
    price: 1290.5,
    stock: 12,
    active: true,
  },
  {
    name: 'Sticker Pack',
    slug: 'sticker-pack',
    description: 'Ten vinyl stickers.',
    price: 19.99,
    stock: 100,
    active: true,
  },
  {
    name: 'Limited Poster',
    slug: 'limited-poster',
    description: 'Sold out and withdrawn from sale.',
    price: 2500,
    stock: 0,
    active: false,
  },
]

/** Creates each demo product whose slug does not exist yet. */
export async function seedShop(payload: Payload) {
  for (const product of demoProducts) {
    const { totalDocs } = await payload.count({
      collection: 'products',
      where: { slug: { equals: product.slug } },
    })
    if (totalDocs === 0) await payload.create({ collection: 'products', data: product })
  }
}
