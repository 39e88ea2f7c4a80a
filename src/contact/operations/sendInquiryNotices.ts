import type { Payload } from 'payload'

import { inquiryNotice } from '../notification'
import { configOf } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { sendDueNotices, type NoticeQueue } from '@/email/sendDueNotices'
import { startNoticeLoop } from '@/email/startNoticeLoop'

type DueInquiry = { id: number; name: string; email: string; message: string; attempts: number }

/**
 * E-mails the administrators about every inquiry whose notice is due (or only `ids`), and
 * records the outcome: sent, or the error and when to try again (src/email/sendDueNotices.ts).
 * Each notice is claimed first (`FOR UPDATE SKIP LOCKED`, pushing its due time past the claim),
 * so that the request's own attempt, the periodic retry and other app instances never send one
 * twice at the same time. Returns the number sent.
 */
export async function sendInquiryNotices(
  payload: Payload,
  options: { ids?: number[] } = {},
): Promise<number> {
  const pool = postgres(payload).pool
  let recipients: Promise<string[]> | undefined
  const queue: NoticeQueue<DueInquiry> = {
    describe: (inquiry) => `inquiry ${inquiry.id}`,
    claimNext: async (claimSeconds) =>
      (
        await pool.query<DueInquiry>(
          `UPDATE inquiries SET next_notify_at = now() + make_interval(secs => $1)
           WHERE id IN (
             SELECT id FROM inquiries
             WHERE notified_at IS NULL AND next_notify_at <= now()
               AND ($2::integer[] IS NULL OR id = ANY($2::integer[]))
             ORDER BY next_notify_at LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING id, name, email, message, coalesce(notify_attempts, 0)::integer AS attempts`,
          [claimSeconds, options.ids ?? null],
        )
      ).rows[0],
    message: async (inquiry) => {
      const to = await (recipients ??= administratorAddresses(payload))
      if (!to.length) throw new Error('No administrator address to notify')
      const notice = inquiryNotice(inquiry)
      return { to, replyTo: inquiry.email, subject: notice.subject, text: notice.text }
    },
    record: async (inquiry, outcome) => {
      if (outcome.kind === 'failed') {
        await pool.query(
          `UPDATE inquiries SET notify_attempts = $2, notify_error = $3,
             next_notify_at = now() + make_interval(secs => $4) WHERE id = $1`,
          [inquiry.id, outcome.attempts, outcome.error, outcome.retryInSeconds],
        )
      } else {
        await pool.query(
          `UPDATE inquiries SET notified_at = now(), next_notify_at = NULL, notify_error = NULL,
             notify_attempts = $2 WHERE id = $1`,
          [inquiry.id, outcome.attempts],
        )
      }
    },
    retryBaseSeconds: configOf(payload).contact.retryBaseSeconds,
  }
  return sendDueNotices(payload, queue)
}

/** `ADMIN_NOTIFY_EMAILS`, or else every admin user's address. */
async function administratorAddresses(payload: Payload): Promise<string[]> {
  const configured = configOf(payload).contact.notifyEmails
  if (configured) return configured
  const { docs } = await payload.find({
    collection: 'users',
    where: { role: { equals: 'admin' } },
    pagination: false,
    depth: 0,
    select: { email: true },
  })
  return docs.map((user) => user.email)
}

/**
 * Retries due notices every `INQUIRY_NOTIFY_INTERVAL_SECONDS` (default 30) in this process;
 * `INQUIRY_NOTIFIER=off` disables it. `stop()` ends the timer and waits for a pass under way
 * (a notice it claimed and did not finish is retried after its claim lapses).
 */
export function startInquiryNotifier(payload: Payload): { stop: () => Promise<void> } {
  const settings = configOf(payload).contact
  if (!settings.isNotifierOn) return { stop: async () => {} }
  return startNoticeLoop(payload, {
    name: 'Inquiry notifier',
    intervalMs: settings.intervalMs,
    pass: () => sendInquiryNotices(payload),
  })
}
