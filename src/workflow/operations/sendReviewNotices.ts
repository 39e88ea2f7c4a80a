import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { recordInNoticeTable, sendDueNotices, type NoticeQueue } from '@/email/sendDueNotices'
import {
  nudgeNoticeLoop,
  startRegisteredNoticeLoop,
  type NoticeLoop,
} from '@/email/startNoticeLoop'
import { reviewEmail } from '../reviewEmail'
import type { ReviewedCollection } from '../stages'
import { reviewNoticeTableName } from '../schema/reviewNoticeTable'

type DueNotice = {
  id: number
  collection: ReviewedCollection
  document_id: number
  stage: string
  assignee_id: number
  moved_by: string | null
  attempts: number
}

const nouns: Record<ReviewedCollection, string> = {
  articles: 'article',
  pages: 'page',
  products: 'product',
}

/**
 * E-mails assignees the documents moved to a stage or given to them, one claimed at a time
 * (src/email/sendDueNotices.ts): retried until sent, never by two processes at once. Returns
 * the number sent.
 */
export async function sendReviewNotices(payload: Payload): Promise<number> {
  const pool = postgres(payload).pool
  const queue: NoticeQueue<DueNotice> = {
    describe: (notice) => `the review of ${nouns[notice.collection]} ${notice.document_id}`,
    claimNext: async (claimSeconds) =>
      (
        await pool.query<DueNotice>({
          name: 'workflow-claim-review-notice',
          text: `UPDATE ${reviewNoticeTableName} n
             SET next_attempt_at = now() + make_interval(secs => $1)
             FROM (SELECT id FROM ${reviewNoticeTableName}
                   WHERE next_attempt_at <= now()
                   ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
             WHERE n.id = due.id
             RETURNING n.id, n.collection, n.document_id, n.stage, n.assignee_id, n.moved_by,
               n.attempts`,
          values: [claimSeconds],
        })
      ).rows[0],
    message: async (notice) => {
      const assignee = await payload.findByID({
        collection: 'users',
        id: notice.assignee_id,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      })
      if (!assignee?.email) return null
      const doc = (await payload.findByID({
        collection: notice.collection,
        id: notice.document_id,
        depth: 0,
        draft: true,
        overrideAccess: true,
        disableErrors: true,
      })) as { title?: string; name?: string } | null
      const title = doc?.title ?? doc?.name ?? `#${notice.document_id}`
      const base = configOf(payload).server.url ?? ''
      const stage = configOf(payload).workflow.stages[notice.collection]?.find(
        (each) => each.name === notice.stage,
      )
      return {
        to: assignee.email,
        ...reviewEmail({
          noun: nouns[notice.collection],
          title,
          stage,
          movedBy: notice.moved_by,
          url: `${base}/admin/collections/${notice.collection}/${notice.document_id}`,
        }),
      }
    },
    record: recordInNoticeTable(pool, {
      table: reviewNoticeTableName,
      statementName: 'workflow-record-review-notice',
    }),
    retryBaseSeconds: 60,
  }
  return sendDueNotices(payload, queue)
}

/** Where this process's review notifier is registered. */
const notifierKey = 'content-shop.reviewNotifier'

/**
 * Sends the assignees' due e-mails every `REVIEW_NOTICE_INTERVAL_SECONDS` in this process;
 * `nudgeReviewNotifier` runs a pass at once. Started with the process's background work.
 */
export function startReviewNotifier(payload: Payload): NoticeLoop {
  return startRegisteredNoticeLoop(notifierKey, payload, {
    name: 'Review notifier',
    intervalMs: configOf(payload).workflow.noticeIntervalMs,
    pass: () => sendReviewNotices(payload),
  })
}

/** Runs a pass of this process's review notifier now, if it runs. */
export function nudgeReviewNotifier() {
  nudgeNoticeLoop(notifierKey)
}
