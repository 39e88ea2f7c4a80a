import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { servePreviewPages } from '../../src/articles/operations/servePreviewPages'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { handInConfig } from '../helpers/testConfig'

// The live preview this app serves itself (/preview/...): the draft in the locale being edited,
// for editors, loading nothing from another host. The browser half (typing in the admin panel)
// is tests/e2e/contentLocales.test.ts.
let payload: Payload
let editor: Record<string, string>
let customer: Record<string, string>
let articleId: number
let pageId: number

const get = (path: string, headers: Record<string, string> = {}) =>
  servePreviewPages({
    payload,
    request: new Request(`http://127.0.0.1:3000${path}`, { headers }),
    path: path.split('?')[0]!.split('/').filter(Boolean).slice(1),
  })

beforeAll(async () => {
  payload = await getTestPayload()
  editor = { authorization: `JWT ${(await userWithToken(payload, 'editor')).token}` }
  customer = { authorization: `JWT ${(await userWithToken(payload, 'customer')).token}` }
  const author = await payload.create({ collection: 'authors', data: { name: 'Pia Preview' } })
  const article = await payload.create({
    collection: 'articles',
    data: { title: 'Published title', slug: 'live', author: author.id, _status: 'published' },
  })
  articleId = article.id
  await payload.update({
    collection: 'articles',
    id: articleId,
    locale: 'ru',
    draft: true,
    data: { title: 'Черновик <b>заголовка</b>', excerpt: 'Аннотация' },
  })
  const page = await payload.create({
    collection: 'pages',
    data: { title: 'About', slug: 'about-live', description: 'Who', _status: 'published' },
  })
  pageId = page.id
})

describe('the live preview page', () => {
  it('shows an editor the newest draft in the locale asked for, escaped', async () => {
    const answer = await get(`/preview/articles/${articleId}?locale=ru`, editor)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-language')).toBe('ru')
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const html = await answer.text()
    expect(html).toContain('<html lang="ru">')
    expect(html).toContain('<h1 data-field="title">Черновик &lt;b&gt;заголовка&lt;/b&gt;</h1>')
    expect(html).toContain('<p class="summary" data-field="summary">Аннотация</p>')
    const english = await (await get(`/preview/articles/${articleId}`, editor)).text()
    expect(english).toContain('<h1 data-field="title">Published title</h1>')
    const page = await (await get(`/preview/pages/${pageId}?locale=en`, editor)).text()
    expect(page).toContain('<p class="summary" data-field="summary">Who</p>')
  })

  it('loads nothing from another host and is framed by this app only', async () => {
    const answer = await get(`/preview/articles/${articleId}`, editor)
    const policy = answer.headers.get('content-security-policy')!
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'self'")
    const html = await answer.text()
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    const script = await get('/preview/live.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const source = await script.text()
    expect(source).toContain("type: 'payload-live-preview', ready: true")
    expect(source).not.toMatch(/https?:\/\//)
  })

  it('is for editors and admins only, and 404 for what does not exist', async () => {
    const admin = { authorization: `JWT ${(await userWithToken(payload, 'admin')).token}` }
    const consumer = { 'x-api-key': (await consumerWithKey(payload)).apiKey }
    expect((await get(`/preview/articles/${articleId}`, admin)).status).toBe(200)
    expect((await get(`/preview/pages/${pageId}`, admin)).status).toBe(200)
    for (const [caller, headers] of [
      ['anonymous', {}],
      ['customer', customer],
      ['API consumer', consumer],
    ] as const) {
      for (const path of [`/preview/articles/${articleId}`, `/preview/pages/${pageId}`]) {
        const answer = await get(path, headers)
        expect(answer.status, `${caller} ${path}`).toBe(401)
        expect(await answer.text(), `${caller} ${path}`).not.toContain('Черновик')
      }
    }
    expect((await get('/preview/articles/999999', editor)).status).toBe(404)
    expect((await get('/preview/orders/1', editor)).status).toBe(404)
  })
})

describe('the admin panel’s live preview address', () => {
  const urlOf = (collection: 'articles' | 'pages', locale: string) =>
    (payload.collections[collection].config.admin.livePreview!.url as (args: never) => unknown)({
      data: { id: collection === 'articles' ? articleId : pageId, slug: 'live' },
      locale: { code: locale, label: locale },
      req: { payload, headers: new Headers({ host: 'cms.example' }) },
    } as never)

  it('is this app’s own preview page in the locale being edited', async () => {
    expect(await urlOf('articles', 'ru')).toBe(
      `http://cms.example/preview/articles/${articleId}?locale=ru`,
    )
    expect(await urlOf('pages', 'en')).toBe(`http://cms.example/preview/pages/${pageId}?locale=en`)
  })

  it('is the storefront’s when PREVIEW_URL is set, for articles', async () => {
    const restore = handInConfig(payload, {
      PREVIEW_URL: 'https://shop.example/preview/{id}?token={token}&locale={locale}',
    })
    try {
      expect(await urlOf('articles', 'ru')).toMatch(
        new RegExp(`^https://shop\\.example/preview/${articleId}\\?token=[^&]+&locale=ru$`),
      )
      expect(await urlOf('pages', 'ru')).toBe(
        `http://cms.example/preview/pages/${pageId}?locale=ru`,
      )
    } finally {
      restore()
    }
  })
})
