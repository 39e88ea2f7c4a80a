import type { Payload } from 'payload'

import { systemWrite } from '@/shop/systemWrite'
import { writesRussian } from './locales'

/** Demo products of the shop, by slug; prices in roubles. */
export const demoProducts = [
  {
    name: 'Enamel Mug',
    slug: 'enamel-mug',
    description: 'A white enamel mug with a blue rim, 350 ml.',
    ru: {
      name: 'Эмалированная кружка',
      description: 'Белая эмалированная кружка с синим ободком, 350 мл.',
    },
    price: 790,
    stock: 25,
    active: true,
  },
  {
    name: 'Canvas Tote Bag',
    slug: 'canvas-tote-bag',
    description: 'Heavy cotton canvas, long handles.',
    ru: { name: 'Холщовая сумка', description: 'Плотный хлопковый холст, длинные ручки.' },
    price: 1290.5,
    stock: 12,
    active: true,
  },
  {
    name: 'Sticker Pack',
    slug: 'sticker-pack',
    description: 'Ten vinyl stickers.',
    ru: { name: 'Набор наклеек', description: 'Десять виниловых наклеек.' },
    price: 19.99,
    stock: 100,
    active: true,
  },
  {
    name: 'Limited Poster',
    slug: 'limited-poster',
    description: 'Sold out and withdrawn from sale.',
    ru: { name: 'Лимитированный постер', description: 'Распродан и снят с продажи.' },
    price: 2500,
    stock: 0,
    active: false,
  },
]

/**
 * Creates each demo product whose slug does not exist yet, its name and description in English
 * and Russian (the price, stock and pictures are the same in both).
 */
export async function seedShop(payload: Payload) {
  for (const { ru, ...product } of demoProducts) {
    const { totalDocs } = await payload.count({
      collection: 'products',
      where: { slug: { equals: product.slug } },
    })
    if (totalDocs > 0) continue
    const created = await payload.create({ collection: 'products', data: product })
    if (!writesRussian(payload)) continue
    await payload.update({
      collection: 'products',
      id: created.id,
      locale: 'ru',
      data: ru,
      context: { skipBusinessEvents: true },
    })
  }
}

/**
 * Orders of the last month, so that the sales report and the admin's order list show something
 * real: days ago, status, customer and lines (product slug, quantity). Prices are the products'.
 */
export const demoOrders = [
  { daysAgo: 27, status: 'delivered', customer: 'anna@example.com', lines: [['enamel-mug', 2]] },
  {
    daysAgo: 21,
    status: 'delivered',
    customer: 'boris@example.com',
    lines: [
      ['canvas-tote-bag', 1],
      ['sticker-pack', 3],
    ],
  },
  { daysAgo: 12, status: 'shipped', customer: 'vera@example.com', lines: [['sticker-pack', 5]] },
  {
    daysAgo: 5,
    status: 'shipped',
    customer: 'anna@example.com',
    lines: [
      ['enamel-mug', 1],
      ['canvas-tote-bag', 1],
    ],
  },
  { daysAgo: 2, status: 'paid', customer: 'gleb@example.com', lines: [['enamel-mug', 4]] },
  {
    daysAgo: 0,
    status: 'paid',
    customer: 'dina@example.com',
    lines: [
      ['canvas-tote-bag', 2],
      ['sticker-pack', 1],
    ],
  },
] as const

const demoPaymentPrefix = 'pi_demo_'

/**
 * Creates the demo orders once (none is created when any exists, recognised by its demo payment
 * id), as history: they take no stock and announce no events.
 */
export async function seedDemoOrders(payload: Payload) {
  const { totalDocs } = await payload.count({
    collection: 'orders',
    where: { paymentId: { like: demoPaymentPrefix } },
  })
  if (totalDocs > 0) return
  const { docs: products } = await payload.find({
    collection: 'products',
    where: { slug: { in: demoProducts.map((product) => product.slug) } },
    depth: 0,
    pagination: false,
  })
  const bySlug = new Map(products.map((product) => [product.slug, product]))
  for (const [index, order] of demoOrders.entries()) {
    const at = new Date(Date.now() - order.daysAgo * 24 * 3600_000 - (index + 1) * 3600_000)
    const items = order.lines.map(([slug, quantity]) => {
      const product = bySlug.get(slug)!
      return { product: product.id, quantity, price: product.price, name: product.name }
    })
    const total =
      items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0) / 100
    await payload.create({
      collection: 'orders',
      data: {
        status: order.status,
        items,
        total,
        customerEmail: order.customer,
        shippingAddress: {
          name: order.customer.split('@')[0]!.replace(/^./, (first) => first.toUpperCase()),
          line1: 'Tverskaya 1',
          city: 'Moscow',
          postal_code: '125009',
          country: 'RU',
        },
        paymentId: `${demoPaymentPrefix}${index + 1}`,
        paid_at: at.toISOString(),
        createdAt: at.toISOString(),
      },
      context: systemWrite,
      depth: 0,
    })
  }
}
