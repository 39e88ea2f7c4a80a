import type { Payload } from 'payload'

import { paragraphs } from '@/articles/paragraphs'

const pages = [
  {
    title: 'About us',
    slug: 'about',
    description: 'Who we are and what we make.',
    _status: 'published' as const,
  },
  {
    title: 'Delivery and returns',
    slug: 'delivery',
    description: 'How orders are shipped, and how to send them back.',
    _status: 'published' as const,
  },
  {
    title: 'Privacy policy',
    slug: 'privacy',
    description: 'What we store about you and why.',
    _status: 'published' as const,
  },
  {
    title: 'Holiday sale (draft)',
    slug: 'holiday-sale',
    description: 'Not announced yet.',
    _status: 'draft' as const,
  },
]

/** The site's standalone pages, one of them unpublished; pages that exist are left alone. */
export async function seedPages(payload: Payload) {
  for (const page of pages) {
    const { totalDocs } = await payload.count({
      collection: 'pages',
      where: { slug: { equals: page.slug } },
    })
    if (totalDocs > 0) continue
    await payload.create({
      collection: 'pages',
      data: { ...page, content: paragraphs([page.description]) as never },
    })
  }
}
