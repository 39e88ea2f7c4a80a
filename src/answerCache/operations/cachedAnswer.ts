import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { entityTag, matchesIfNoneMatch } from '@/http/etag'
import { countAnswerCache, setAnswerCacheSize } from '@/runtime/metrics'
import { requestContext } from '@/runtime/requestContext'
import type { StoredAnswer } from '../answerStore'
import { answerCacheOf } from './answerCacheOf'

/** An answer as a read computes it. */
export type ComputedAnswer = {
  /** The JSON body. */
  body: unknown
  /** Headers of the answer (the locale's, `X-Search-Counts`, ...). */
  headers?: Record<string, string>
  /** The locale the answer is in, when not the default: its entity tag depends on it. */
  locale?: string
  /** What it holds (`src/answerCache/answerTags.ts`): a change to one drops it. */
  tags: readonly string[]
}

/** A content read that may be answered from the cache. */
export type CachedRead = {
  /**
   * Who sees the same answer: `public` for outsiders and consumers alike (published content
   * only), `editors` for callers who see every status.
   */
  audience: 'public' | 'editors'
  /** What the answer depends on besides its path and query: the chosen locale, the server's URL. */
  variesBy: readonly string[]
  /** A read the cache must not serve nor keep (a draft, a preview). */
  isBypassed?: boolean
  /** Whether the answer is nobody's to keep, in a browser or elsewhere (a draft). */
  isNoStore?: boolean
  /** Computes the answer from the database. */
  compute: () => Promise<ComputedAnswer>
}

/**
 * Answers a content read from this instance's answer cache when it holds it (no query; 304 on
 * a matching `If-None-Match`), else computes it (reading the primary, so that what is kept is
 * never older than the change a NOTIFY told of) and keeps it. Every answer carries its `ETag`,
 * `Cache-Tag`/`Surrogate-Key` (the documents it holds) and a `Cache-Control`: a public answer to
 * a caller without credentials may be kept by shared caches (`s-maxage`,
 * `stale-while-revalidate`), any other stays private.
 */
export async function cachedAnswer(req: PayloadRequest, read: CachedRead): Promise<Response> {
  const cache = answerCacheOf(req.payload)
  if (!cache || read.isBypassed || !cache.store.isUsable()) {
    countAnswerCache('bypass')
    return respond(req, read, storedFrom(await read.compute()))
  }
  const key = answerKey(req, read)
  const found = cache.store.find(key)
  if (found) {
    countAnswerCache('hit')
    return respond(req, read, found)
  }
  countAnswerCache('miss')
  const generation = cache.store.generation()
  const context = requestContext().getStore()
  const computed = context
    ? await requestContext().run({ ...context, mayReadReplica: false }, read.compute)
    : await read.compute()
  const stored = storedFrom(computed)
  if (cache.store.keep(key, stored, generation)) setAnswerCacheSize(cache.store.size().entries)
  return respond(req, read, stored)
}

/** The key of a read: its audience, what it varies by, its path and its query in a fixed order. */
function answerKey(req: PayloadRequest, read: CachedRead): string {
  const url = new URL(req.url ?? 'http://localhost/')
  const query = [...url.searchParams.entries()]
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&')
  return [read.audience, ...read.variesBy, `${url.pathname}?${query}`].join('\n')
}

function storedFrom(computed: ComputedAnswer): StoredAnswer {
  const body = JSON.stringify(computed.body)
  return {
    body,
    etag: entityTag(computed.locale === undefined ? body : `${computed.locale}\n${body}`),
    headers: { 'Content-Type': 'application/json', ...computed.headers },
    tags: [...new Set(computed.tags)],
  }
}

/** Whether the request presents a credential (its answer is then the caller's own). */
const hasCredentials = (headers: Headers) =>
  headers.has('authorization') || headers.has('cookie') || headers.has('x-api-key')

function respond(req: PayloadRequest, read: CachedRead, answer: StoredAnswer): Response {
  const { sharedMaxAgeSeconds, staleSeconds } = configOf(req.payload).answerCache
  const isShared =
    !read.isNoStore &&
    read.audience === 'public' &&
    !hasCredentials(req.headers) &&
    sharedMaxAgeSeconds > 0
  const cacheControl = read.isNoStore
    ? 'private, no-store'
    : isShared
      ? `public, max-age=0, s-maxage=${sharedMaxAgeSeconds}, stale-while-revalidate=${staleSeconds}`
      : 'private, no-cache'
  const headers: Record<string, string> = {
    ...answer.headers,
    ETag: answer.etag,
    'Cache-Control': cacheControl,
    Vary: 'Accept-Language, Authorization, Cookie, X-API-Key',
  }
  if (!read.isNoStore && answer.tags.length > 0) {
    headers['Cache-Tag'] = answer.tags.join(',')
    headers['Surrogate-Key'] = answer.tags.join(' ')
  }
  if (matchesIfNoneMatch(req.headers.get('if-none-match'), answer.etag)) {
    const { 'Content-Type': _type, ...rest } = headers
    return new Response(null, { status: 304, headers: rest })
  }
  return new Response(answer.body, { status: 200, headers })
}
