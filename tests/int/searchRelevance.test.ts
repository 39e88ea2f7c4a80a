import { beforeAll, describe, expect, it } from 'vitest'

import { paragraphs } from '@/articles/paragraphs'
import { articlesSetUp } from '../helpers/articlesSetUp'
import { restJson } from '../helpers/rest'
import {
  judgedArticles,
  judgedPages,
  judgedProducts,
  searchJudgements,
  type JudgedDocument,
} from './fixtures/searchJudgements'

const { payload, authorId } = articlesSetUp({ author: 'Judge' })

beforeAll(async () => {
  const write = async (
    collection: 'articles' | 'products' | 'pages',
    document: JudgedDocument,
    index: number,
  ) => {
    const text = (locale: 'en' | 'ru') => {
      const { title, description, body } = document[locale]
      if (collection === 'products') return { name: title, description }
      if (collection === 'pages') return { title, description, content: paragraphs(body ?? []) }
      return { title, excerpt: description, body: paragraphs(body ?? []) }
    }
    const common =
      collection === 'products'
        ? { slug: `judged-${index}`, price: 10, stock: 5, active: true }
        : collection === 'pages'
          ? { slug: `judged-${index}`, _status: 'published' as const }
          : { slug: `judged-${index}`, _status: 'published' as const, author: authorId() }
    const created = await payload().create({
      collection,
      data: { ...common, ...text('en') } as never,
    })
    await payload().update({ collection, id: created.id, locale: 'ru', data: text('ru') as never })
  }
  for (const [index, document] of judgedProducts.entries()) await write('products', document, index)
  for (const [index, document] of judgedArticles.entries()) await write('articles', document, index)
  for (const [index, document] of judgedPages.entries()) await write('pages', document, index)
})

type Hit = { title?: string; name?: string }

describe('search relevance: the judged set (tests/int/fixtures/searchJudgements.ts)', () => {
  it('has at least 40 judged queries in English and Russian', () => {
    expect(searchJudgements.length).toBeGreaterThanOrEqual(40)
    expect(new Set(searchJudgements.map((judgement) => judgement.locale))).toEqual(
      new Set(['en', 'ru']),
    )
  })

  it.each(searchJudgements)('$locale $type "$q" has $expected in its top three', async (j) => {
    const response = await restJson(
      'GET',
      `/api/search?type=${j.type}&locale=${j.locale}&q=${encodeURIComponent(j.q)}`,
    )
    expect(response.status).toBe(200)
    const topThree = (response.body.docs as Hit[]).slice(0, 3).map((hit) => hit.title ?? hit.name)
    for (const title of j.expected) expect(topThree).toContain(title)
  })
})
