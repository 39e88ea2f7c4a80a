import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { serveRestOverHttp, type RestOverHttp } from '../helpers/restOverHttp'

// The API speaks the locale (CONTENT_LOCALES, en and ru by default): every rule through the
// server over HTTP, as a storefront calls it.
let payload: Payload
let server: RestOverHttp
let editor: Record<string, string>
let consumer: Record<string, string>
let authorId: number

const call = async (
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  }
}

const paragraph = (text: string) => ({
  root: {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', text, version: 1 }], version: 1 }],
    version: 1,
  },
})

/** An article written in English by the API, published. */
async function englishArticle(slug: string, title = `English ${slug}`) {
  const created = await call('POST', '/api/v1/articles', {
    headers: editor,
    body: {
      title,
      slug,
      author_id: authorId,
      status: 'published',
      excerpt: `English excerpt of ${slug}`,
      body: paragraph(`English body of ${slug}`),
    },
  })
  expect(created.status).toBe(201)
  return created.body.data.id as number
}

beforeAll(async () => {
  payload = await getTestPayload()
  server = await serveRestOverHttp()
  editor = { authorization: `Bearer ${(await userWithToken(payload, 'editor')).token}` }
  consumer = { 'x-api-key': (await consumerWithKey(payload)).apiKey }
  authorId = (await payload.create({ collection: 'authors', data: { name: 'Olga Locale' } })).id
})

afterAll(async () => {
  await server?.stop()
})

describe('writing a locale', () => {
  it('PATCH ?locale=ru writes the Russian text only; the English stays as it was', async () => {
    const id = await englishArticle('two-languages')
    const patched = await call('PATCH', `/api/v1/articles/${id}?locale=ru`, {
      headers: editor,
      body: { title: 'Два языка', excerpt: 'Русская аннотация' },
    })
    expect(patched.status).toBe(200)
    expect(patched.headers.get('content-language')).toBe('ru')
    expect(patched.body.data).toMatchObject({ title: 'Два языка', excerpt: 'Русская аннотация' })

    const english = await call('GET', `/api/v1/articles/${id}`, { headers: consumer })
    expect(english.body.data).toMatchObject({
      title: 'English two-languages',
      excerpt: 'English excerpt of two-languages',
    })
    const russian = await call('GET', `/api/v1/articles/${id}?locale=ru`, { headers: consumer })
    expect(russian.body.data).toMatchObject({ title: 'Два языка', excerpt: 'Русская аннотация' })
    // The body has no Russian text: the default locale's fills it.
    expect(russian.body.data.body).toEqual(english.body.data.body)
  })

  it('Preview opens the newest draft in the locale the editor is writing in', async () => {
    const id = await englishArticle('previewed')
    const draft = await call('PATCH', `/api/v1/articles/${id}?locale=ru&draft=true`, {
      headers: editor,
      body: { title: 'Черновик предпросмотра' },
    })
    expect(draft.status).toBe(200)
    const preview = payload.collections.articles.config.admin.preview!
    const address = await preview(
      { id, slug: 'previewed' },
      { locale: 'ru', token: null, req: { payload, headers: new Headers() } as never },
    )
    const url = new URL(address!)
    expect(url.searchParams.get('locale')).toBe('ru')
    const read = await call('GET', `${url.pathname}${url.search}`, { headers: consumer })
    expect(read.status).toBe(200)
    expect(read.headers.get('content-language')).toBe('ru')
    expect(read.body.data.title).toBe('Черновик предпросмотра')
  })

  it('a write without ?locale is the default locale, whatever Accept-Language says', async () => {
    const id = await englishArticle('accept-language-write')
    const patched = await call('PATCH', `/api/v1/articles/${id}`, {
      headers: { ...editor, 'accept-language': 'ru' },
      body: { title: 'Still English' },
    })
    expect(patched.status).toBe(200)
    expect(patched.headers.get('content-language')).toBe('en')
    const russian = await call('GET', `/api/v1/articles/${id}?locale=ru&fallback_locale=none`, {
      headers: consumer,
    })
    expect(russian.body.data.title).toBeNull()
  })

  it('POST ?locale=ru creates the article in Russian; English readers see no title', async () => {
    const created = await call('POST', '/api/v1/articles?locale=ru', {
      headers: editor,
      body: { title: 'Только по-русски', slug: 'only-russian', author_id: authorId },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('content-language')).toBe('ru')
    expect(created.body.data.title).toBe('Только по-русски')
    const english = await call('GET', `/api/v1/articles/${created.body.data.id}`, {
      headers: editor,
    })
    expect(english.status).toBe(200)
    expect(english.body.data.title).toBeNull()
  })

  it('an unknown locale is a 400 naming the configured ones, and writes nothing', async () => {
    const id = await englishArticle('unknown-locale')
    const patched = await call('PATCH', `/api/v1/articles/${id}?locale=de`, {
      headers: editor,
      body: { title: 'Deutsch' },
    })
    expect(patched.status).toBe(400)
    expect(patched.body.error.message).toBe(
      'locale "de" is not one of the configured locales: en, ru',
    )
    const read = await call('GET', `/api/v1/articles/${id}`, { headers: consumer })
    expect(read.body.data.title).toBe('English unknown-locale')
    for (const path of [
      `/api/v1/articles/${id}?locale=de`,
      '/api/v1/articles?locale=xx',
      `/api/v2/articles/${id}?locale=de`,
      '/api/v2/articles?locale=de',
      '/api/v1/search?q=english&locale=de',
    ]) {
      const answer = await call('GET', path, { headers: consumer })
      expect(answer.status, path).toBe(400)
      expect(answer.body.error.message, path).toMatch(/configured locales: en, ru/)
    }
    const search = await call('GET', '/api/search?q=english&locale=de')
    expect(search.status).toBe(400)
    expect(JSON.stringify(search.body)).toMatch(/configured locales: en, ru/)
    const fallback = await call('GET', `/api/v1/articles/${id}?fallback_locale=fr`, {
      headers: consumer,
    })
    expect(fallback.status).toBe(400)
    expect(fallback.body.error.message).toMatch(/"none" or one of the configured locales/)
  })
})

describe('reading a locale', () => {
  let id: number
  beforeAll(async () => {
    id = await englishArticle('negotiated')
    const patched = await call('PATCH', `/api/v1/articles/${id}?locale=ru`, {
      headers: editor,
      body: { title: 'Договорились' },
    })
    expect(patched.status).toBe(200)
  })

  it('Accept-Language picks the locale by q-value, a region matching its language', async () => {
    const cases: [string, string, string][] = [
      ['ru-RU,ru;q=0.9,en;q=0.8', 'ru', 'Договорились'],
      ['de, en;q=0.5, ru;q=0.7', 'ru', 'Договорились'],
      ['de, ru;q=0.3, en;q=0.6', 'en', 'English negotiated'],
      ['ru;q=0, en-GB', 'en', 'English negotiated'],
      ['fr, de', 'en', 'English negotiated'],
      ['*', 'en', 'English negotiated'],
    ]
    for (const [acceptLanguage, locale, title] of cases) {
      const read = await call('GET', `/api/v1/articles/${id}`, {
        headers: { ...consumer, 'accept-language': acceptLanguage },
      })
      expect(read.status, acceptLanguage).toBe(200)
      expect(read.headers.get('content-language'), acceptLanguage).toBe(locale)
      expect(read.headers.get('vary'), acceptLanguage).toMatch(/Accept-Language/)
      expect(read.body.data.title, acceptLanguage).toBe(title)
    }
  })

  it('?locale wins over Accept-Language', async () => {
    const read = await call('GET', `/api/v1/articles/${id}?locale=en`, {
      headers: { ...consumer, 'accept-language': 'ru' },
    })
    expect(read.headers.get('content-language')).toBe('en')
    expect(read.body.data.title).toBe('English negotiated')
  })

  it('fills what the locale lacks from the default; fallback_locale=none answers null', async () => {
    const filled = await call('GET', `/api/v1/articles/${id}?locale=ru`, { headers: consumer })
    expect(filled.body.data).toMatchObject({
      title: 'Договорились',
      excerpt: 'English excerpt of negotiated',
    })
    expect(filled.body.data.body).not.toBeNull()
    const none = await call('GET', `/api/v1/articles/${id}?locale=ru&fallback_locale=none`, {
      headers: consumer,
    })
    expect(none.status).toBe(200)
    expect(none.body.data).toMatchObject({ title: 'Договорились', excerpt: null, body: null })
    const v2 = await call('GET', `/api/v2/articles/${id}?locale=ru&fallback_locale=none`, {
      headers: consumer,
    })
    expect(v2.body.data).toMatchObject({ title: 'Договорились', excerpt: null })
  })

  it('answers v2 reads and both lists in the locale, with Content-Language and Vary', async () => {
    const paths = [
      `/api/v2/articles/${id}?locale=ru`,
      `/api/v1/articles?locale=ru&per_page=100`,
      `/api/v2/articles?locale=ru&limit=100`,
    ]
    for (const path of paths) {
      const answer = await call('GET', path, { headers: consumer })
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('content-language'), path).toBe('ru')
      expect(answer.headers.get('vary'), path).toMatch(/Accept-Language/)
      const article = Array.isArray(answer.body.data)
        ? answer.body.data.find((a: { id: number }) => a.id === id)
        : answer.body.data
      expect(article.title, path).toBe('Договорились')
    }
  })

  it('sorts a list by the title shown in the locale', async () => {
    const titles = async (locale: string) =>
      (
        await call('GET', `/api/v1/articles?locale=${locale}&sort=title&per_page=100`, {
          headers: consumer,
        })
      ).body.data.map((article: { title: string }) => article.title)
    const russian = await titles('ru')
    // Cyrillic sorts after Latin: the Russian title is last in Russian, not in English.
    expect(russian.at(-1)).toBe('Договорились')
    expect((await titles('en')).at(-1)).not.toBe('Договорились')
  })

  it('gives each locale its own ETag, even when all its text is the default locale’s', async () => {
    const untranslated = await englishArticle('untranslated')
    const english = await call('GET', `/api/v1/articles/${untranslated}`, { headers: consumer })
    const russian = await call('GET', `/api/v1/articles/${untranslated}?locale=ru`, {
      headers: consumer,
    })
    expect(russian.body).toEqual(english.body)
    expect(russian.headers.get('etag')).not.toBe(english.headers.get('etag'))
    // A cached English answer is not a Russian one...
    const revalidated = await call('GET', `/api/v1/articles/${untranslated}?locale=ru`, {
      headers: { ...consumer, 'if-none-match': english.headers.get('etag')! },
    })
    expect(revalidated.status).toBe(200)
    // ...and the Russian one's own tag still answers 304.
    const unchanged = await call('GET', `/api/v1/articles/${untranslated}?locale=ru`, {
      headers: { ...consumer, 'if-none-match': russian.headers.get('etag')! },
    })
    expect(unchanged.status).toBe(304)
    const list = await call('GET', '/api/v2/articles?locale=ru', { headers: consumer })
    const defaultList = await call('GET', '/api/v2/articles', { headers: consumer })
    expect(list.headers.get('etag')).not.toBe(defaultList.headers.get('etag'))
  })
})

describe('search per locale', () => {
  let id: number
  beforeAll(async () => {
    id = await englishArticle('searched', 'Quiet harbour')
    const patched = await call('PATCH', `/api/v1/articles/${id}?locale=ru`, {
      headers: editor,
      body: { title: 'Тихая гавань' },
    })
    expect(patched.status).toBe(200)
  })

  const found = (body: { data?: { id: number }[]; docs?: { id: number }[] }) =>
    (body.data ?? body.docs ?? []).map((hit) => hit.id)

  it('matches and answers the text of the locale asked for', async () => {
    const russian = await call('GET', '/api/v1/search?q=гаван&collections=articles&locale=ru', {
      headers: consumer,
    })
    expect(russian.status).toBe(200)
    expect(russian.headers.get('content-language')).toBe('ru')
    expect(found(russian.body)).toEqual([id])
    expect(russian.body.data[0].title).toBe('Тихая гавань')
    const english = await call('GET', '/api/v1/search?q=гаван&collections=articles', {
      headers: consumer,
    })
    expect(found(english.body)).toEqual([])
    const byHeader = await call('GET', '/api/search?q=гаван&type=posts', {
      headers: { 'accept-language': 'ru-RU, en;q=0.5' },
    })
    expect(byHeader.headers.get('content-language')).toBe('ru')
    expect(byHeader.body.docs.map((hit: { title: string }) => hit.title)).toEqual(['Тихая гавань'])
  })

  it('finds what the locale shows from the default locale, unless fallback_locale=none', async () => {
    // The Russian article has no Russian excerpt: the English one is shown, and found.
    const filled = await call(
      'GET',
      '/api/v1/search?q=excerpt%20of%20searched&collections=articles&locale=ru',
      { headers: consumer },
    )
    expect(found(filled.body)).toEqual([id])
    expect(filled.body.data[0]).toMatchObject({
      title: 'Тихая гавань',
      excerpt: 'English excerpt of searched',
    })
    const none = await call(
      'GET',
      '/api/v1/search?q=excerpt%20of%20searched&collections=articles&locale=ru&fallback_locale=none',
      { headers: consumer },
    )
    expect(found(none.body)).toEqual([])
    // The English title is not what Russian readers see: not found in Russian.
    const replaced = await call('GET', '/api/v1/search?q=quiet&collections=articles&locale=ru', {
      headers: consumer,
    })
    expect(found(replaced.body)).toEqual([])
  })

  it('has a trigram index on every searched column of the locales tables', async () => {
    const { rows } = await payload.db.pool.query(
      `SELECT indexname FROM pg_indexes WHERE tablename IN
         ('articles_locales', 'pages_locales', 'products_locales') AND indexname LIKE '%trgm%'
       ORDER BY indexname`,
    )
    expect(rows.map((row) => row.indexname)).toEqual([
      'articles_locales_excerpt_trgm_idx',
      'articles_locales_title_trgm_idx',
      'pages_locales_description_trgm_idx',
      'pages_locales_title_trgm_idx',
      'products_locales_description_trgm_idx',
      'products_locales_name_trgm_idx',
    ])
  })
})
