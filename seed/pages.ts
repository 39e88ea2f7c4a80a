import type { Payload } from 'payload'

import { paragraphs } from '@/articles/paragraphs'
import { writesRussian } from './locales'

const pages = [
  {
    title: 'About us',
    slug: 'about',
    description: 'Who we are and what we make.',
    ru: { title: 'О нас', description: 'Кто мы и что мы делаем.' },
    _status: 'published' as const,
  },
  {
    title: 'Delivery and returns',
    slug: 'delivery',
    description: 'How orders are shipped, and how to send them back.',
    ru: { title: 'Доставка и возврат', description: 'Как мы отправляем заказы и как их вернуть.' },
    _status: 'published' as const,
  },
  {
    title: 'Privacy policy',
    slug: 'privacy',
    description: 'What we store about you and why.',
    ru: { title: 'Политика конфиденциальности', description: 'Что мы храним о вас и зачем.' },
    _status: 'published' as const,
  },
  {
    title: 'Holiday sale (draft)',
    slug: 'holiday-sale',
    description: 'Not announced yet.',
    ru: { title: 'Праздничная распродажа (черновик)', description: 'Ещё не объявлена.' },
    _status: 'draft' as const,
  },
]

/**
 * The site's standalone pages, one of them unpublished, in English and Russian; pages that exist
 * are left alone.
 */
export async function seedPages(payload: Payload) {
  for (const page of pages) {
    const { totalDocs } = await payload.count({
      collection: 'pages',
      where: { slug: { equals: page.slug } },
    })
    if (totalDocs > 0) continue
    const { ru, ...english } = page
    const created = await payload.create({
      collection: 'pages',
      data: { ...english, content: paragraphs([english.description]) as never },
    })
    if (!writesRussian(payload)) continue
    await payload.update({
      collection: 'pages',
      id: created.id,
      locale: 'ru',
      data: { ...ru, content: paragraphs([ru.description]) as never },
    })
  }
}
