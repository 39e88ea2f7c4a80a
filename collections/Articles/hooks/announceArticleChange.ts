import { sql } from '@payloadcms/db-postgres'
import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  CollectionBeforeDeleteHook,
  CollectionBeforeOperationHook,
  PayloadRequest,
  Where,
} from 'payload'

import { publicArticleStatus } from '@/articles/visibility'
import { transactionDatabase } from '@/db/transaction'
import { presentImages } from '@/media/operations/findImages'
import type { Article } from '@/payload-types'
import type { WebhookEventName } from '@/webhooks/eventCatalogue'
import { ArticleEvents } from '@/articles/webhookEventTypes'
import { toArticleEventData, toArticleRemovedEventData } from '@/articles/articleEvents'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { documentText, writtenLocale } from '@/db/documentLocales'

/*
 * The `article.*` business events. An event never carries what its recipient, an API consumer,
 * could not read through the API when it is emitted, and consumers read an article only while
 * its `articles` row is published (`publishedOrEditor`). So:
 *
 * - created or saved as a draft (draft mode, `?draft=true`, autosave, or `_status: 'draft'`),
 *   or saved while not published (never published, or unpublished), in draft mode or not:
 *   nothing;
 * - becomes published (created published, published for the first time, or published again
 *   after an unpublication; by hand, through the API or on schedule): `article.created` then
 *   `article.published`, with the article. "Created" as the consumer sees it: after
 *   `article.unpublished` the article is gone from the API as if deleted, and that event gave
 *   nothing to keep, so its return is announced as a new article;
 * - a published article saved outside draft mode (a new version published): `article.updated`
 *   then `article.published`, with the article as consumers now read it;
 * - unpublished: `article.unpublished`, naming it only (id, the slug it was published under,
 *   when), whatever else the save changed;
 * - deleted while published: `article.deleted`, naming it only; deleted while not published:
 *   nothing.
 *
 * Whether a save wrote the row, and what the row was, is read from the row itself, before and
 * after, in the save's transaction (Payload's hooks are not told whether the save was a draft,
 * and their `previousDoc` is the newest version, perhaps a draft, not what consumers read). An
 * update whose row was not remembered beforehand announces nothing.
 *
 * Languages: the title is the default locale's whatever locale the save wrote; `locale` names
 * the locale written (the admin panel's, the API's `?locale`), `locales` those with text.
 */

type RowState = { status: string | null; slug: string; updatedAt: string }
type Remembered = Record<string, RowState | undefined>
const contextKey = 'articleRowBefore'

async function rowStates(req: PayloadRequest, ids: number[]): Promise<Map<number, RowState>> {
  if (ids.length === 0) return new Map()
  const db = await transactionDatabase(req)
  const { rows } = await db.execute<{
    id: number
    status: string | null
    slug: string
    updated_at: string
  }>(
    sql`SELECT id, _status AS status, slug, updated_at::text FROM articles
        WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
  )
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { status: row.status, slug: row.slug, updatedAt: row.updated_at },
    ]),
  )
}

const rowState = async (req: PayloadRequest, id: number | string) =>
  (await rowStates(req, [Number(id)])).get(Number(id))

/** The ids an update by `where` (the admin panel's bulk edit or publication) may write. */
async function idsMatching(req: PayloadRequest, where: Where): Promise<number[]> {
  try {
    const { docs } = await req.payload.db.find({
      collection: 'articles',
      where,
      limit: 0,
      pagination: false,
      req,
    })
    return docs.map((doc) => Number(doc.id))
  } catch {
    // A `where` Payload will refuse (with its own answer) once the operation goes on.
    return []
  }
}

/** `beforeOperation`: each row an update may write, as it was before (consumers' view). */
export const rememberPublication: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if (operation !== 'update') return args
  const id: unknown = 'id' in args ? args.id : undefined
  const where: unknown = 'where' in args ? args.where : undefined
  const ids =
    typeof id === 'string' || typeof id === 'number'
      ? [Number(id)]
      : where && typeof where === 'object'
        ? await idsMatching(req, where as Where)
        : []
  const remembered = ((req.context[contextKey] as Remembered | undefined) ??= {})
  for (const [rowId, state] of await rowStates(req, ids)) remembered[String(rowId)] = state
  return args
}

const isPublic = (row: { status?: string | null } | undefined) =>
  row?.status === publicArticleStatus

/** The localized text of an article (`articles_locales`): what says a locale has its text. */
const articleText = ['title', 'excerpt', 'body'] as const

/**
 * The languages of a change of article `id`: the locale `req` wrote, those with text (read in
 * its transaction), and the title in the default locale.
 */
const languagesOf = async (req: PayloadRequest, id: number) => ({
  ...(await documentText(req, { table: 'articles', id, columns: articleText })),
  locale: writtenLocale(req),
})

/** `beforeDelete`: the locales of the article about to go, for `article.deleted`. */
export const rememberLocales: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const remembered = ((req.context[localesKey] as Record<string, string[]> | undefined) ??= {})
  remembered[String(id)] = (await languagesOf(req, Number(id))).locales
}
const localesKey = 'articleLocalesBefore'

async function announceArticle(req: PayloadRequest, types: WebhookEventName[], doc: Article) {
  const [cover] = await presentImages(req, [doc.cover])
  const data = toArticleEventData(doc, cover ?? null, await languagesOf(req, doc.id))
  for (const type of types) await emitEvent({ req, type, data })
}

export const announceArticleChange: {
  afterChange: CollectionAfterChangeHook<Article>
  afterDelete: CollectionAfterDeleteHook<Article>
} = {
  afterChange: async ({ doc, operation, req, context }) => {
    if (context?.skipBusinessEvents) return doc
    const after = await rowState(req, doc.id)
    const before =
      operation === 'create'
        ? undefined
        : (context?.[contextKey] as Remembered | undefined)?.[String(doc.id)]
    // Not remembered, or not written (a draft saved beside the article): nothing to tell.
    if (!after || (operation === 'update' && (!before || before.updatedAt === after.updatedAt))) {
      return doc
    }
    const published = { ...doc, _status: after.status as Article['_status'] }
    if (isPublic(after)) {
      const change = isPublic(before) ? ArticleEvents.ArticleUpdated : ArticleEvents.ArticleCreated
      await announceArticle(req, [change, ArticleEvents.ArticlePublished], published)
    } else if (before && isPublic(before)) {
      await emitEvent({
        req,
        type: ArticleEvents.ArticleUnpublished,
        data: toArticleRemovedEventData(
          { id: doc.id, slug: before.slug },
          new Date(),
          await languagesOf(req, doc.id),
        ),
      })
    }
    return doc
  },
  afterDelete: async ({ doc, req, context }) => {
    if (!context?.skipBusinessEvents && isPublic({ status: doc._status })) {
      await emitEvent({
        req,
        type: ArticleEvents.ArticleDeleted,
        data: toArticleRemovedEventData(doc, new Date(), {
          locale: writtenLocale(req),
          locales:
            (context?.[localesKey] as Record<string, string[]> | undefined)?.[String(doc.id)] ?? [],
        }),
      })
    }
    return doc
  },
}
