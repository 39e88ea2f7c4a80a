import { payloadConfig } from '@payload-config'
import { BasePayload, createLocalReq, type Payload } from 'payload'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { answerCacheOf } from '../../src/answerCache/operations/answerCacheOf'
import { configOf } from '../../src/config/appConfig'
import { closePayload } from '../../src/db/closePayload'
import {
  answerCacheCount as counted,
  readUntilHit,
  statementsDuring,
  until,
} from '../helpers/answerCacheProbes'
import { articlesSetUp } from '../helpers/articlesSetUp'
import { getTestPayload } from '../helpers/payload'
import { rest, restJson } from '../helpers/rest'

const setUp = articlesSetUp({ author: 'Cache Author', consumer: true })
let payload: Payload
let secondInstance: Payload

beforeAll(async () => {
  // On whatever the run's ANSWER_CACHE says (`ANSWER_CACHE=off npm run test:int` runs the rest
  // of the suite without it): this file is about the cache.
  // Its reads poll until a hit, many a second from one consumer: past the default limit, a
  // read would answer 429 and never be a hit.
  payload = await getTestPayload({ ANSWER_CACHE: 'on', RATE_LIMIT_DEFAULT: '1000000/60' })
  // A second instance on the same database with its own pool and listener, as a second app
  // server would have.
  secondInstance = await new BasePayload().init({ config: payloadConfig(configOf(payload)) })
  await answerCacheOf(payload)!.listening()
  await answerCacheOf(secondInstance)!.listening()
})

afterAll(async () => {
  await answerCacheOf(secondInstance)?.stop()
  if (secondInstance) await closePayload(secondInstance)
})

async function publishedArticle(title: string) {
  const editor = setUp.editor()
  const authorId = setUp.authorId()
  const created = await restJson('POST', '/api/v1/articles', {
    headers: editor,
    body: {
      title,
      slug: `s-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      body: null,
      excerpt: null,
      status: 'published',
      author_id: authorId,
    },
  })
  expect(created.status).toBe(201)
  return created.body.data.id as number
}

describe('answer cache', () => {
  it('answers a repeated read from memory: no query of its own, 304 on its ETag, counted', async () => {
    const id = await publishedArticle('Remembered article')
    const path = `/api/v2/articles/${id}?include=author`
    const headers = setUp.consumer()
    const first = await rest('GET', path, { headers })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-tag')).toContain(`articles:${id}`)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')

    await readUntilHit(path, headers)
    const hitsBefore = await counted('hit')
    let again: Response | undefined
    const statements = await statementsDuring(payload.db.pool as Pool, async () => {
      again = await rest('GET', path, { headers })
    })
    expect(again!.status).toBe(200)
    expect(await again!.text()).toBe(await first.text())
    expect(await counted('hit')).toBe(hitsBefore + 1)
    // What remains is the caller's: its API key's look-up. Its rate-limit count writes nothing
    // (shared in batches), and the answer reads nothing. The batches' own exchange runs every
    // RATE_LIMIT_SYNC_MS whatever the requests, and may fall inside the read: it is not the read's.
    const isExchange = (text: string) => /^\s*INSERT INTO rate_limits AS r\b/.test(text)
    expect(statements.filter((text) => /\barticles\b/.test(text))).toEqual([])
    expect(
      statements.filter((text) => /\b(insert|update|delete)\b/i.test(text) && !isExchange(text)),
    ).toEqual([])

    const unchanged = await rest('GET', path, { headers: { ...headers, 'if-none-match': etag } })
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers.get('etag')).toBe(etag)
  })

  it('lets an outsider’s public answer go to shared caches, naming what it holds', async () => {
    await publishedArticle('Searchable cachefinder')
    const answer = await rest('GET', '/api/search?q=cachefinder&type=posts')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    )
    expect(answer.headers.get('vary')).toContain('Authorization')
    expect(answer.headers.get('surrogate-key')?.split(' ')).toContain('articles')
  })

  it('shows each kind of related change in the next read, here and on another instance', async () => {
    const editor = setUp.editor()
    const consumer = setUp.consumer()
    const id = await publishedArticle('Before the change')
    const path = `/api/v1/articles/${id}?include=author,tags`
    const read = async () => (await restJson('GET', path, { headers: consumer })).body.data
    const listRead = async () =>
      (await restJson('GET', '/api/v1/articles?per_page=100', { headers: consumer })).body.data
    await read()
    await listRead()

    // What the other instance holds for the same article: dropped by each change's NOTIFY.
    const other = answerCacheOf(secondInstance)!.store
    const keepOnOther = () =>
      other.keep(
        'probe',
        {
          body: '{}',
          etag: '"x"',
          headers: {},
          tags: [`articles:${id}`, 'authors', 'tags', 'media', 'comments'],
        },
        other.generation(),
      )
    const droppedOnOther = () => until(() => other.find('probe') === undefined)

    // The article itself, through the API.
    expect(keepOnOther()).toBe(true)
    const changed = await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: editor,
      body: { title: 'After the change' },
    })
    expect(changed.status).toBe(200)
    expect((await read()).title).toBe('After the change')
    expect((await listRead()).find((article: { id: number }) => article.id === id).title).toBe(
      'After the change',
    )
    await droppedOnOther()

    // Its author.
    const authorId = setUp.authorId()
    expect(keepOnOther()).toBe(true)
    await payload.update({ collection: 'authors', id: authorId, data: { name: 'Renamed Author' } })
    expect((await read()).author.name).toBe('Renamed Author')
    await droppedOnOther()

    // A tag it carries.
    const tag = await payload.create({
      collection: 'tags',
      data: { name: 'Old tag', slug: `old-${id}` },
    })
    await payload.update({ collection: 'articles', id, data: { tags: [tag.id] } })
    expect((await read()).tags.map((shown: { name: string }) => shown.name)).toEqual(['Old tag'])
    expect(keepOnOther()).toBe(true)
    await payload.update({ collection: 'tags', id: tag.id, data: { name: 'New tag' } })
    expect((await read()).tags.map((shown: { name: string }) => shown.name)).toEqual(['New tag'])
    await droppedOnOther()

    // Its text in another locale.
    const inRussian = async () =>
      (await restJson('GET', `${path}&locale=ru&fallback_locale=none`, { headers: consumer })).body
        .data.title
    await inRussian()
    expect(keepOnOther()).toBe(true)
    await payload.update({ collection: 'articles', id, locale: 'ru', data: { title: 'После' } })
    expect(await inRussian()).toBe('После')
    await droppedOnOther()

    // A comment on it.
    const comments = async () =>
      (await restJson('GET', `/api/v1/articles/${id}/comments`, { headers: consumer })).body.data
    expect(await comments()).toEqual([])
    expect(keepOnOther()).toBe(true)
    await payload.create({
      collection: 'comments',
      data: { article: id, authorName: 'Reader', body: 'Nice', status: 'approved' },
    })
    expect((await comments()).length).toBe(1)
    await droppedOnOther()

    // Unpublished (a scheduled publication's job and a release publish through the same hooks).
    expect(keepOnOther()).toBe(true)
    await payload.update({ collection: 'articles', id, data: { _status: 'draft' } })
    expect((await restJson('GET', path, { headers: consumer })).status).toBe(404)
    await droppedOnOther()
  })

  it('a read on the other instance shows a change made on this one', async () => {
    const id = await publishedArticle('Seen from afar')
    const readOnOther = async () => {
      const endpoint = secondInstance.config.endpoints.find((e) => e.path === '/search')!
      const req = await createLocalReq(
        {
          req: {
            url: `http://localhost:3000/api/search?q=afar&type=posts`,
            headers: new Headers(),
          } as never,
        },
        secondInstance,
      )
      req.user = null
      const answer = await endpoint.handler(req)
      return ((await answer.json()) as { docs: { title: string }[] }).docs.map((doc) => doc.title)
    }
    expect(await readOnOther()).toEqual(['Seen from afar'])
    expect(await readOnOther()).toEqual(['Seen from afar'])
    await restJson('PATCH', `/api/v1/articles/${id}`, {
      headers: setUp.editor(),
      body: { title: 'Seen from afar, changed' },
    })
    await until(async () => (await readOnOther())[0] === 'Seen from afar, changed')
  })
  it('empties and stands aside while its LISTEN connection is lost, until it is back', async () => {
    const id = await publishedArticle('Heard or not')
    const path = `/api/v2/articles/${id}`
    const headers = setUp.consumer()
    await readUntilHit(path, headers)
    const cache = answerCacheOf(payload)!
    expect(cache.store.size().entries).toBeGreaterThan(0)

    await payload.db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'answer-cache-listener' AND datname = current_database()`,
    )
    await until(() => !cache.store.isUsable())
    expect(cache.store.size().entries).toBe(0)
    // A change nobody could hear meanwhile is still seen: nothing is kept or served.
    await payload.update({ collection: 'articles', id, data: { title: 'Changed unheard' } })
    const read = await restJson('GET', path, { headers })
    expect(read.body.data.title).toBe('Changed unheard')

    await cache.listening()
    // The change made while nobody listened holds its document out of the cache until its
    // NOTIFY is heard, and it never will be: at most the hold's 10 s.
    expect((await readUntilHit(path, headers, 15)).status).toBe(200)
  })
})
