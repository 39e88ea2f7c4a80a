import { sql } from '@payloadcms/db-postgres'
import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  ValidationError,
  type Payload,
  type TypedUser,
} from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { releaseFailure, releaseSave, type ReleaseItem } from '../releaseActions'
import type { ReviewedCollection } from '../stages'

/** How a release ended. */
export type ReleaseOutcome =
  | { status: 'released'; count: number }
  | { status: 'failed'; reason: string }
  /** Another run (an instance, a retry) released it first, or it is not open any more. */
  | { status: 'skipped' }

type StoredRelease = {
  status?: string | null
  items?: {
    document?: { relationTo: string; value: unknown } | null
    action?: string | null
    locale?: string | null
  }[]
}

const itemsOf = (release: StoredRelease): ReleaseItem[] =>
  (release.items ?? []).map((item) => {
    const value = item.document?.value
    return {
      collection: item.document?.relationTo as ReviewedCollection,
      id: Number(value && typeof value === 'object' ? (value as { id: unknown }).id : value),
      action: item.action === 'unpublish' ? 'unpublish' : 'publish',
      locale: item.locale || 'all',
    }
  })

const reasonOf = (error: unknown): string => {
  if (error instanceof ValidationError) {
    const fields = error.data.errors.map((each) => `${each.path}: ${each.message}`).join('; ')
    return `not valid (${fields})`
  }
  // A statement the database refused (a constraint, a trigger): drizzle's error says the query
  // and its parameters (the document's fields), its cause what the database said and why.
  const cause = (error as { cause?: unknown })?.cause
  if (cause instanceof Error && String((error as Error).message).startsWith('Failed query')) {
    return `refused by the database (${cause.message})`
  }
  return String((error as Error)?.message ?? error)
}

/**
 * Releases the release `releaseId` as `user`, all or nothing: in one transaction every
 * document is published or unpublished in the release's order, under `user`'s access and the
 * review stages' rules, each save locking its row (an editor's save of the same document waits,
 * or is waited for); the release's own row is locked first, so that two runners never release
 * it twice. A failure rolls everything back (the documents, and the webhook events their saves
 * wrote to the outbox) and marks the release failed, naming the document and why. Events go
 * out after the commit, from the outbox, in the order the saves wrote them.
 */
export async function runRelease(
  payload: Payload,
  { releaseId, user }: { releaseId: number; user: TypedUser | null },
): Promise<ReleaseOutcome> {
  const req = await createLocalReq({ user: user ?? undefined }, payload)
  await initTransaction(req)
  let current: ReleaseItem | undefined
  try {
    const db = await transactionDatabase(req)
    const { rows } = await db.execute<{ status: string }>(
      sql`SELECT status FROM releases WHERE id = ${releaseId} FOR UPDATE`,
    )
    if (!rows[0] || rows[0].status === 'released') {
      await commitTransaction(req)
      return { status: 'skipped' }
    }
    const release = (await payload.findByID({
      collection: 'releases',
      id: releaseId,
      depth: 0,
      req,
    })) as StoredRelease
    const items = itemsOf(release)
    // Each save names its locale: a publication of one locale leaves it on the request.
    const defaultLocale = payload.config.localization
      ? payload.config.localization.defaultLocale
      : undefined
    for (const item of items) {
      current = item
      const save = releaseSave(item)
      // A request of its own for each save, in the one transaction: a publication of one locale
      // changes what its request says of locales, which must not carry over to the next save.
      const itemReq = await createLocalReq(
        { user: user ?? undefined, locale: save.publishSpecificLocale ?? defaultLocale },
        payload,
      )
      itemReq.transactionID = req.transactionID
      await payload.update({
        collection: item.collection,
        id: item.id,
        data: save.data,
        ...(save.publishSpecificLocale
          ? { publishSpecificLocale: save.publishSpecificLocale }
          : {}),
        depth: 0,
        req: itemReq,
        overrideAccess: user === null,
      })
    }
    current = undefined
    await payload.update({
      collection: 'releases',
      id: releaseId,
      data: {
        status: 'released',
        releasedAt: new Date().toISOString(),
        result: `${items.length} document${items.length === 1 ? '' : 's'} released.`,
      },
      req,
    })
    await commitTransaction(req)
    return { status: 'released', count: items.length }
  } catch (error) {
    await killTransaction(req)
    const title = current ? await titleOf(payload, current) : undefined
    const reason = current
      ? releaseFailure(current, title, reasonOf(error))
      : `The release could not run: ${reasonOf(error)}`
    await payload.update({
      collection: 'releases',
      id: releaseId,
      data: { status: 'failed', result: reason },
    })
    return { status: 'failed', reason }
  }
}

async function titleOf(payload: Payload, item: ReleaseItem) {
  const doc = (await payload.findByID({
    collection: item.collection,
    id: item.id,
    depth: 0,
    draft: true,
    disableErrors: true,
  })) as { title?: string; name?: string } | null
  return doc?.title ?? doc?.name
}
