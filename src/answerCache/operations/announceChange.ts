import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { transactionDatabase, type TransactionDb } from '@/db/transaction'
import { invalidationChannel, notificationPayload } from '../answerTags'
import { existingAnswerCache } from './answerCacheOf'

/**
 * Tells every instance that the documents and lists named by `tags` changed: a NOTIFY in the
 * writing transaction (`req`'s, or the pool's when it has none), which PostgreSQL delivers at
 * its commit and drops with its rollback. This instance holds them at once, before the commit:
 * from now until its own NOTIFY comes back, no answer holding them is served or kept here, so
 * the answer to the write is never followed by an older read on this instance.
 */
export async function announceChange(req: PayloadRequest, tags: readonly string[]) {
  holdChange(req.payload, tags)
  await notifyChange(await transactionDatabase(req), tags)
}

/**
 * Holds `tags` on this instance until their NOTIFY (sent by the caller on its transaction,
 * `notifyChange`) comes back: what a raw-SQL write that notifies by itself adds for its own
 * instance. Call before the commit.
 */
export function holdChange(payload: Payload, tags: readonly string[]) {
  existingAnswerCache(payload)?.store.hold(tags)
}

/** The NOTIFY of `tags` on `db` (a transaction's handle: sent at its commit). */
export async function notifyChange(db: TransactionDb, tags: readonly string[]) {
  if (tags.length === 0) return
  await db.execute(sql`SELECT pg_notify(${invalidationChannel}, ${notificationPayload(tags)})`)
}
