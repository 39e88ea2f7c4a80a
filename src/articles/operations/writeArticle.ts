import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest, TypedLocale } from 'payload'

import { configOf } from '@/config/appConfig'
import { inTransaction, transactionDatabase } from '@/db/transaction'
import { badRequest } from '@/http/errors'
import type { ArticleStatus } from '../status'

/** An article as written through the API, whatever the version's field names. */
export type ArticleInput = {
  title: string
  slug: string
  excerpt: string | null
  /** Lexical editor state. */
  body: Record<string, unknown> | null
  status: ArticleStatus
  authorId: number
  tagIds: number[]
  /** The media id of the cover image. */
  coverId: number | null
  /** ISO 8601; stamped with the current time when published without one. */
  publishedAt: string | null
}

/** A publication or unpublication to schedule (a date), cancel (`null`) or leave (absent). */
export type ArticleSchedule = { publishAt?: Date | null; unpublishAt?: Date | null }

/** How a write is saved. */
export type WriteMode = {
  /**
   * Saved as a draft beside the article (a new version; the published text stays public) rather
   * than written to the article itself.
   */
  isDraft: boolean
  schedule: ArticleSchedule
  /**
   * The locale the text (title, excerpt, body) is written in; the other locales' text stays as
   * it is. Everything else (slug, status, author, tags, cover, dates) is shared by all locales.
   */
  locale: string
}

function toData(input: Partial<ArticleInput>) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.excerpt !== undefined && { excerpt: input.excerpt }),
    ...(input.body !== undefined && { body: input.body as never }),
    ...(input.status !== undefined && { _status: input.status }),
    ...(input.authorId !== undefined && { author: input.authorId }),
    ...(input.tagIds !== undefined && { tags: input.tagIds }),
    ...(input.coverId !== undefined && { cover: input.coverId }),
    ...(input.publishedAt !== undefined && { publishedAt: input.publishedAt }),
  }
}

/**
 * Refuses a cover that names no image with a 400 naming the field (Payload would call it an
 * invalid relationship without saying which value).
 */
async function assertCoverExists(req: PayloadRequest, coverId: number | null | undefined) {
  if (coverId === null || coverId === undefined) return
  const db = await transactionDatabase(req)
  const { rows } = await db.execute(sql`SELECT 1 FROM media WHERE id = ${coverId}`)
  if (rows.length === 0) {
    throw badRequest(`cover_id ${coverId} does not name an image`, [
      { field: 'cover_id', message: `No image with id ${coverId}` },
    ])
  }
}

function assertSchedule(schedule: ArticleSchedule, now: Date) {
  const details = []
  if (schedule.publishAt && schedule.publishAt <= now) {
    details.push({ field: 'publish_at', message: 'must be in the future' })
  }
  if (schedule.unpublishAt && schedule.unpublishAt <= now) {
    details.push({ field: 'unpublish_at', message: 'must be in the future' })
  }
  if (schedule.publishAt && schedule.unpublishAt && schedule.unpublishAt <= schedule.publishAt) {
    details.push({ field: 'unpublish_at', message: 'must be after publish_at' })
  }
  if (details.length) {
    throw badRequest(
      `Scheduling: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`,
      details,
    )
  }
}

/**
 * Replaces the article's pending scheduled publication or unpublication with `schedule`'s: the
 * job Payload's jobs queue runs at that time (`schedulePublish`, the one the admin panel's
 * "Schedule publish" queues). A publication publishes the article's latest draft as it is then.
 * A job already running is left to finish.
 */
async function applySchedule(req: PayloadRequest, id: number, schedule: ArticleSchedule) {
  const db = await transactionDatabase(req)
  for (const [type, at] of [
    ['publish', schedule.publishAt],
    ['unpublish', schedule.unpublishAt],
  ] as const) {
    if (at === undefined) continue
    await db.execute(sql`DELETE FROM payload_jobs WHERE task_slug = 'schedulePublish'
      AND completed_at IS NULL AND NOT processing
      AND input->'doc'->>'relationTo' = 'articles' AND input->'doc'->>'value' = ${String(id)}
      AND coalesce(input->>'type', 'publish') = ${type}`)
    if (at === null) continue
    const user =
      req.user && req.user.collection === 'users'
        ? { relationTo: 'users' as const, value: Number(req.user.id) }
        : undefined
    await req.payload.jobs.queue({
      task: 'schedulePublish',
      // In the site's zone, which the admin panel's Schedule Publish lists beside the time (its
      // input type leaves out the zone Payload's own drawer stores).
      input: {
        type,
        doc: { relationTo: 'articles', value: id },
        ...(user && { user }),
        timezone: configOf(req.payload).content.timeZone,
      } as { type: typeof type; doc: { relationTo: 'articles'; value: number } },
      waitUntil: at,
      req,
    })
  }
}

/**
 * Writes go through the Local API with the caller's rights, so that the collection's validation,
 * hooks (publication date, business events) and access apply exactly as in the admin panel; the
 * write and its schedule commit together or not at all.
 */
export async function createArticle(
  req: PayloadRequest,
  input: ArticleInput,
  mode: WriteMode,
): Promise<number> {
  assertSchedule(mode.schedule, new Date())
  return inTransaction(req, async () => {
    await assertCoverExists(req, input.coverId)
    const doc = await req.payload.create({
      collection: 'articles',
      data: toData(input) as Required<ReturnType<typeof toData>> & { title: string },
      draft: mode.isDraft,
      // One of CONTENT_LOCALES (checked by the caller); the generated type knows the default set.
      locale: mode.locale as TypedLocale,
      req,
      overrideAccess: false,
      user: req.user,
      depth: 0,
    })
    await applySchedule(req, doc.id, mode.schedule)
    return doc.id
  })
}

/** Replaces every writable field: what the input leaves out is cleared. */
export async function replaceArticle(
  req: PayloadRequest,
  id: number,
  input: ArticleInput,
  mode: WriteMode,
) {
  await updateArticle(req, id, input, mode)
}

/** Changes the given fields only. */
export async function updateArticle(
  req: PayloadRequest,
  id: number,
  input: Partial<ArticleInput>,
  mode: WriteMode,
): Promise<void> {
  assertSchedule(mode.schedule, new Date())
  await inTransaction(req, async () => {
    await assertCoverExists(req, input.coverId)
    await req.payload.update({
      collection: 'articles',
      id,
      data: toData(input),
      draft: mode.isDraft,
      // One of CONTENT_LOCALES (checked by the caller); the generated type knows the default set.
      locale: mode.locale as TypedLocale,
      req,
      overrideAccess: false,
      user: req.user,
      depth: 0,
    })
    await applySchedule(req, id, mode.schedule)
  })
}

export async function deleteArticle(req: PayloadRequest, id: number): Promise<void> {
  await req.payload.delete({
    collection: 'articles',
    id,
    req,
    overrideAccess: false,
    user: req.user,
    depth: 0,
  })
}
