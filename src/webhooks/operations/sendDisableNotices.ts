import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { recordInNoticeTable, sendDueNotices, type NoticeQueue } from '@/email/sendDueNotices'
import { disableNotice } from '../disableNotice'
import { disableNoticeTableName } from '../schema/disableNoticeTable'
import { configOf } from '@/config/appConfig'

type DueNotice = {
  id: number
  subscription_id: string
  endpoint_url: string
  failures: number
  attempts: number
  /** The owner's address now; null when the consumer is gone. */
  email: string | null
}

/**
 * E-mails the owners of disabled subscriptions their due notices, one claimed at a time, and
 * records each outcome (src/email/sendDueNotices.ts): at least once, and never by two
 * processes at once. The worker that disabled the subscription wrote the notice in the same
 * transaction; nothing that sends webhooks waits for this. Returns the number sent.
 */
export async function sendDisableNotices(payload: Payload): Promise<number> {
  const pool = postgres(payload).pool
  const queue: NoticeQueue<DueNotice> = {
    describe: (notice) => `the disabled webhook subscription ${notice.subscription_id}`,
    claimNext: async (claimSeconds) =>
      (
        await pool.query<DueNotice>({
          name: 'webhook-claim-disable-notice',
          text: `UPDATE ${disableNoticeTableName} n
             SET next_attempt_at = now() + make_interval(secs => $1)
             FROM (SELECT id FROM ${disableNoticeTableName}
                   WHERE next_attempt_at <= now()
                   ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
             WHERE n.id = due.id
             RETURNING n.id, n.subscription_id, n.endpoint_url, n.failures, n.attempts,
               (SELECT c.email FROM consumers c WHERE c.id = n.consumer_id) AS email`,
          values: [claimSeconds],
        })
      ).rows[0],
    message: async (notice) => {
      if (!notice.email) return null
      const { subject, text } = disableNotice({
        subscriptionId: notice.subscription_id,
        endpointUrl: notice.endpoint_url,
        failures: notice.failures,
      })
      return { to: notice.email, subject, text }
    },
    record: recordInNoticeTable(pool, {
      table: disableNoticeTableName,
      statementName: 'webhook-record-disable-notice',
    }),
    retryBaseSeconds: configOf(payload).webhooks.notices.retryBaseSeconds,
  }
  return sendDueNotices(payload, queue)
}
