import type { Payload } from 'payload'

import { paragraphs } from '@/articles/paragraphs'
import { slugify } from '@/text/slug'
import type { ArticleStatus } from '@/articles/status'
import { writesRussian } from './locales'

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
/** The topics in Russian, in the same order: every demo article is written in both locales. */
const topicsInRussian = [
  'Релиз в пятницу',
  'Вебхуки, которым доверяют интеграторы',
  'Keyset-пагинация на практике',
  'Чему нас научила касса',
  'Форматированный текст без сожалений',
  'Индексы, которые окупаются',
  'Спокойная ротация секретов',
  'Экскурсия по админ-панели',
  'Сначала измерить, потом ускорять',
  'Как писать понятные сообщения об ошибках',
]
const statuses: ArticleStatus[] = ['published', 'published', 'published', 'draft', 'draft']
const articleCount = 50

/**
 * Authors, tags, ~50 articles across statuses (three in five published), each in English and
 * Russian, and comments, some awaiting approval. Skipped when articles already exist, so a re-run adds nothing.
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
    // The Russian text of the same article (the slug, status, author and tags are shared).
    const russianTopic = topicsInRussian[index % topicsInRussian.length]!
    const russianTitle = part === 1 ? russianTopic : `${russianTopic}, часть ${part}`
    if (!writesRussian(payload)) continue
    await payload.update({
      collection: 'articles',
      id: article.id,
      locale: 'ru',
      data: {
        title: russianTitle,
        excerpt: `Заметки: ${russianTopic.toLowerCase()}.`,
        body: paragraphs([
          `${russianTitle}: статья из демонстрационных данных.`,
          'Правьте её в админ-панели или через API v1 с ?locale=ru.',
        ]) as never,
      },
      context: { skipBusinessEvents: true },
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
