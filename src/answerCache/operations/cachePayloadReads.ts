import type { Endpoint, PayloadHandler, PayloadRequest, SanitizedConfig } from 'payload'

import { serverUrlOf } from '@/http/serverUrl'
import { contentCollections, documentTag } from '../answerTags'
import { relatedCollections } from '../relatedCollections'
import { cachedAnswer } from './cachedAnswer'

/** The collections whose Payload REST reads (`GET /api/<slug>`, `/api/<slug>/:id`) are cached. */
export const cachedPayloadCollections = ['pages', 'products', 'media'] as const

/** A computed answer the cache must not keep: Payload's own, sent as it is (a 404, ...). */
class UnkeptAnswer extends Error {
  constructor(readonly response: Response) {
    super('Not an answer to keep')
  }
}

/**
 * Payload's own list and read of pages, products and media answered through the answer cache
 * (`cachedAnswer`) for callers who see published content only: no session (anonymous callers)
 * or an API consumer's key, never a draft (`draft` asked) nor a user's session. Keyed as the
 * content API's reads (the query in a fixed order, the locale Payload resolved, the server's
 * address for the files' URLs); tagged with the documents listed or read, the collection for a
 * list, and every collection the answer may show at the depth asked (a product's images:
 * `media`), so that a change to any drops it. A collection whose changes announce nothing
 * (`contentCollections`) among those makes the read bypass the cache. Applied to the sanitized
 * configuration before the rate limits wrap the same handlers (they run first).
 */
export function cachePayloadReads(config: SanitizedConfig): SanitizedConfig {
  const cached = new Set<string>(cachedPayloadCollections)
  for (const collection of config.collections) {
    if (!cached.has(collection.slug) || !Array.isArray(collection.endpoints)) continue
    collection.endpoints = collection.endpoints.map((endpoint) =>
      endpoint.method === 'get' && (endpoint.path === '/' || endpoint.path === '/:id')
        ? { ...endpoint, handler: cachedRead(collection.slug, endpoint) }
        : endpoint,
    )
  }
  return config
}

/** Whether `req` reads what every outsider sees: no draft, no user's session. */
export function isPublicPayloadRead(req: PayloadRequest) {
  const draft = req.query?.draft
  if (draft !== undefined && draft !== 'false') return false
  return !req.user || req.user.collection === 'consumers'
}

const announced = new Set<string>(contentCollections)

function cachedRead(slug: string, endpoint: Endpoint): PayloadHandler {
  const isList = endpoint.path === '/'
  return async (req) => {
    if (!isPublicPayloadRead(req)) return endpoint.handler(req)
    const related = shownCollections(req, slug)
    try {
      return await cachedAnswer(req, {
        audience: 'public',
        variesBy: [`${req.locale ?? ''}:${req.fallbackLocale ?? ''}`, serverUrlOf(req)],
        isBypassed: related.some((other) => !announced.has(other)),
        compute: async () => {
          const response = await endpoint.handler(req)
          if (response.status !== 200) throw new UnkeptAnswer(response)
          const body = (await response.json()) as {
            id?: string | number
            docs?: { id?: unknown }[]
          }
          const ids = isList
            ? (body.docs ?? []).map((doc) => doc.id).filter((id) => id !== undefined)
            : [body.id ?? req.routeParams?.id]
          return {
            body,
            tags: [
              ...(isList ? [slug] : []),
              ...ids.map((id) => documentTag(slug, String(id))),
              ...related,
            ],
          }
        },
      })
    } catch (thrown) {
      if (thrown instanceof UnkeptAnswer) return thrown.response
      throw thrown
    }
  }
}

/** The collections an answer of `slug` may show at the depth `req` asks (Payload's default else). */
function shownCollections(req: PayloadRequest, slug: string): string[] {
  const { config } = req.payload
  const asked = Number(req.query?.depth)
  const depth = Math.min(
    Number.isInteger(asked) && asked >= 0 ? asked : (config.defaultDepth ?? 2),
    config.maxDepth ?? 10,
  )
  return relatedCollections({
    collections: config.collections as never,
    blocks: (config.blocks ?? []) as never,
    slug,
    depth,
    // Whatever the editor's nodes name: documents outsiders may read are content, whose changes
    // announce themselves; others are refused to them by their collection's access.
    richTextShows: contentCollections,
    // A field whose read access refuses the caller (`false`, decided at once) shows nothing: a
    // product's assignee (writers only), its stock history (editors only).
    isHidden: (field) => {
      const read = field.access?.read
      return typeof read === 'function' && read({ req }) === false
    },
  })
}
