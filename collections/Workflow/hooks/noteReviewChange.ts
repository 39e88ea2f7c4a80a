import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import type { ReviewedCollection } from '@/workflow/stages'

const idOf = (value: unknown): number | undefined => {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value
  return typeof id === 'number' ? id : undefined
}

/**
 * After a save, in its transaction: the document's row carries the stage and assignee of its
 * newest version (a draft's save writes only the version, and lists read the row), and a move
 * to another stage or a new assignee owes the assignee an e-mail (`review_notices`, sent by the
 * review notifier once the save commits; nothing is owed by a save that rolls back).
 */
export const noteReviewChange =
  (slug: ReviewedCollection): CollectionAfterChangeHook =>
  async ({ doc, previousDoc, req, operation }) => {
    const db = await transactionDatabase(req)
    const stage = typeof doc.reviewStage === 'string' ? doc.reviewStage : null
    const assignee = idOf(doc.assignee) ?? null
    await db.execute(
      sql`UPDATE ${sql.identifier(slug)} SET review_stage = ${stage}, assignee_id = ${assignee}
          WHERE id = ${doc.id}`,
    )
    const isMoved = operation === 'create' || previousDoc?.reviewStage !== stage
    const isReassigned = idOf(previousDoc?.assignee) !== assignee
    if (assignee === null || stage === null || (!isMoved && !isReassigned)) return doc
    const by = req.user && 'email' in req.user ? String(req.user.email) : null
    await db.execute(sql`
      INSERT INTO review_notices (collection, document_id, stage, assignee_id, moved_by)
      VALUES (${slug}, ${doc.id}, ${stage}, ${assignee}, ${by})`)
    return doc
  }
