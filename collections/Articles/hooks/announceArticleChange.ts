import { sql } from '@payloadcms/db-postgres'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
} from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { presentImages } from '@/media/operations/findImages'
import type { Article } from '@/payload-types'
import { WebhookEvents, type WebhookEventName } from '@/webhooks/eventCatalogue'
import { toArticleEventData } from '@/webhooks/eventData'
import { emitEvent } from '@/webhooks/operations/emitEvent'

/*
 * The `article.*` business events. Integrators hear about the article record and what the
 * public can see, never about work in progress:
 * - `article.created`, `article.updated`, `article.deleted`: the article's row was created,
 *   written (a publication, an unpublication, or a save of an unpublished article without
 *   draft mode) or deleted;
 * - `article.published`: a version became the published one (by hand, through the API, or on
 *   schedule); `article.unpublished`: a published article became a draft;
 * - a draft saved beside the article (autosave, "Save draft", `?draft=true`) writes only a
 *   version and emits nothing.
 * Whether a save wrote the row is read from the row itself, before and after, in the save's
 * transaction (Payload's hooks are not told whether the save was a draft).
 */

type RowState = { status: string | null; updatedAt: string }
type Remembered = Record<string, RowState | undefined>
const contextKey = 'articleRowBefore'

async function rowState(req: PayloadRequest, id: number | string): Promise<RowState | undefined> {
  const db = await transactionDatabase(req)
  const { rows } = await db.execute<{ status: string | null; updated_at: string }>(
    sql`SELECT _status AS status, updated_at::text FROM articles WHERE id = ${Number(id)}`,
  )
  const row = rows[0]
  return row && { status: row.status, updatedAt: row.updated_at }
}

/** `beforeOperation`: the row's publication state before an update of one article. */
export const rememberPublication: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  const id: unknown = 'id' in args ? args.id : undefined
  if (operation !== 'update' || (typeof id !== 'string' && typeof id !== 'number')) return args
  const remembered = ((req.context[contextKey] as Remembered | undefined) ??= {})
  remembered[String(id)] = await rowState(req, id)
  return args
}

async function eventData(req: PayloadRequest, doc: Article) {
  const [cover] = await presentImages(req, [doc.cover])
  return toArticleEventData(doc, cover ?? null)
}

async function emit(req: PayloadRequest, types: WebhookEventName[], doc: Article) {
  if (types.length === 0) return
  const data = await eventData(req, doc)
  for (const type of types) await emitEvent({ req, type, data })
}

export const announceArticleChange: {
  afterChange: CollectionAfterChangeHook<Article>
  afterDelete: CollectionAfterDeleteHook<Article>
} = {
  afterChange: async ({ doc, operation, req, context }) => {
    if (context?.skipBusinessEvents) return doc
    if (operation === 'create') {
      const types: WebhookEventName[] = [WebhookEvents.ArticleCreated]
      if (doc._status === 'published') types.push(WebhookEvents.ArticlePublished)
      await emit(req, types, doc)
      return doc
    }
    const before = (context?.[contextKey] as Remembered | undefined)?.[String(doc.id)]
    const after = await rowState(req, doc.id)
    // A draft saved beside the article: the row was not written.
    if (!after || (before && before.updatedAt === after.updatedAt)) return doc
    const types: WebhookEventName[] = [WebhookEvents.ArticleUpdated]
    if (after.status === 'published') types.push(WebhookEvents.ArticlePublished)
    else if (before?.status === 'published') types.push(WebhookEvents.ArticleUnpublished)
    await emit(req, types, { ...doc, _status: after.status as Article['_status'] })
    return doc
  },
  afterDelete: async ({ doc, req, context }) => {
    if (!context?.skipBusinessEvents) await emit(req, [WebhookEvents.ArticleDeleted], doc)
    return doc
  },
}
