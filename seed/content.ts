import type { Payload } from 'payload'

import { paragraphs } from '@/articles/paragraphs'
import { slugify } from '@/text/slug'
import type { ArticleStatus } from '@/articles/status'

const authorNames = ['Grace Hopper', 'Alan Kay', 'Barbara Liskov', 'Ken Thompson']
const tagNames = ['Engineering', 'Product', 'Design', 'Operations', 'Security', 'Culture']
const topics = [
  'Shipping on Fridays',
  'Designing Webhooks Integrators Trust',
  'Keyset Pagination in Practice',
  'What Our Checkout Taught Us',
  'Rich Text Without Regrets',
  'Indexes Worth Their Weight',
  'Rotating Secrets Calmly',
  'A Tour of the Admin Panel',
  'Measuring Before Optimising',
  'Writing Good Error Messages',
]
const statuses: ArticleStatus[] = ['published', 'published', 'published', 'draft', 'draft']
const articleCount = 50

/**
 * Authors, tags, ~50 articles across statuses (three in five published) and comments, some
 * awaiting approval. Skipped when articles already exist, so a re-run adds nothing.
 */
export async function seedContent(payload: Payload) {
  if ((await payload.count({ collection: 'articles' })).totalDocs > 0) return
  const authors = []
  for (const name of authorNames) {
    authors.push(
      await payload.create({
        collection: 'authors',
        data: { name, bio: `${name} writes about software.` },
      }),
    )
  }
  const tags = []
  for (const name of tagNames) {
    tags.push(await payload.create({ collection: 'tags', data: { name, slug: slugify(name) } }))
  }
  const day = 24 * 60 * 60 * 1000
  for (let index = 0; index < articleCount; index++) {
    const topic = topics[index % topics.length]!
    const part = Math.floor(index / topics.length) + 1
    const title = part === 1 ? topic : `${topic}, part ${part}`
    const status = statuses[index % statuses.length]!
    const article = await payload.create({
      collection: 'articles',
      data: {
        title,
        slug: slugify(title),
        excerpt: `Notes on ${topic.toLowerCase()}.`,
        body: paragraphs([
          `${title}: an article from the demo data.`,
          'Edit it in the admin panel or through the v1 API.',
        ]) as never,
        _status: status,
        author: authors[index % authors.length]!.id,
        tags: [tags[index % tags.length]!.id, tags[(index + 2) % tags.length]!.id],
        publishedAt:
          status === 'draft'
            ? null
            : new Date(Date.now() - (articleCount - index) * day).toISOString(),
      },
    })
    if (status !== 'published') continue
    for (let comment = 0; comment < (index % 3) + 1; comment++) {
      await payload.create({
        collection: 'comments',
        data: {
          article: article.id,
          authorName: ['Reader One', 'Reader Two', 'Reader Three'][comment]!,
          body: comment === 0 ? 'Thanks, this helped.' : 'Could you say more about the trade-offs?',
          status: comment === 2 ? 'pending' : 'approved',
        },
      })
    }
  }
}
