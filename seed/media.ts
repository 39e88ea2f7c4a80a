import type { Payload } from 'payload'
import sharp from 'sharp'

import { writesRussian } from './locales'

/** The demo pictures: a title and two colours each, drawn on the spot (nothing is downloaded). */
const pictures = [
  { title: 'Harbour at dawn', ru: 'Гавань на рассвете', from: '#1d3557', to: '#e9c46a' },
  { title: 'Forest path', ru: 'Лесная тропа', from: '#1b4332', to: '#95d5b2' },
  { title: 'Red canyon', ru: 'Красный каньон', from: '#6a040f', to: '#f48c06' },
  { title: 'Night city', ru: 'Ночной город', from: '#10002b', to: '#7b2cbf' },
  { title: 'Sea glass', ru: 'Морское стекло', from: '#006d77', to: '#edf6f9' },
  { title: 'Desert noon', ru: 'Полдень в пустыне', from: '#bc6c25', to: '#fefae0' },
  { title: 'Lavender field', ru: 'Лавандовое поле', from: '#5a189a', to: '#e0aaff' },
  { title: 'Winter morning', ru: 'Зимнее утро', from: '#415a77', to: '#e0e1dd' },
]

const width = 1600
const height = 1000

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A 1600x1000 JPEG: a diagonal gradient, a few shapes placed by `index`, and the title. */
export async function demoPicture(
  picture: { title: string; from: string; to: string },
  index: number,
): Promise<Buffer> {
  const circles = Array.from({ length: 5 }, (_, n) => {
    const x = ((index * 379 + n * 331) % width) + 40
    const y = ((index * 211 + n * 197) % height) + 40
    const r = 60 + ((index * 53 + n * 71) % 180)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.08 + n * 0.04}"/>`
  }).join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${circles}
    <rect x="0" y="${height - 220}" width="${width}" height="220" fill="#000000" fill-opacity="0.35"/>
    <text x="80" y="${height - 90}" font-family="sans-serif" font-size="96" font-weight="bold"
      fill="#ffffff">${escapeXml(picture.title)}</text>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer()
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/**
 * Demo pictures made with sharp and uploaded through the Local API (Payload stores them in
 * `MEDIA_DIRECTORY` and makes their sizes), then shown: a cover for each article and page
 * without one, a gallery of one to three images for each product without images. Skipped when
 * any image exists, so a re-run adds nothing. Business events are not emitted for these edits.
 */
export async function seedMedia(payload: Payload) {
  if ((await payload.count({ collection: 'media' })).totalDocs > 0) return
  const ids: number[] = []
  for (const [index, picture] of pictures.entries()) {
    const data = await demoPicture(picture, index)
    const image = await payload.create({
      collection: 'media',
      data: { alt: picture.title },
      file: {
        data,
        mimetype: 'image/jpeg',
        name: `${slugOf(picture.title)}.jpg`,
        size: data.length,
      },
    })
    if (writesRussian(payload)) {
      await payload.update({
        collection: 'media',
        id: image.id,
        locale: 'ru',
        data: { alt: picture.ru },
      })
    }
    ids.push(image.id)
  }
  const context = { skipBusinessEvents: true }
  const pick = (n: number) => ids[n % ids.length]!

  const articles = await payload.find({
    collection: 'articles',
    where: { cover: { exists: false } },
    depth: 0,
    pagination: false,
    select: {},
  })
  for (const [index, article] of articles.docs.entries()) {
    await payload.update({
      collection: 'articles',
      id: article.id,
      data: { cover: pick(index) },
      context,
    })
  }
  const pages = await payload.find({
    collection: 'pages',
    where: { cover: { exists: false } },
    depth: 0,
    pagination: false,
    select: {},
  })
  for (const [index, page] of pages.docs.entries()) {
    await payload.update({
      collection: 'pages',
      id: page.id,
      data: { cover: pick(index + 3) },
      context,
    })
  }
  const products = await payload.find({
    collection: 'products',
    depth: 0,
    pagination: false,
    select: { images: true },
  })
  for (const [index, product] of products.docs.entries()) {
    if (product.images?.length) continue
    const count = (index % 3) + 1
    await payload.update({
      collection: 'products',
      id: product.id,
      data: { images: Array.from({ length: count }, (_, n) => pick(index * 2 + n)) },
      context,
    })
  }
}
