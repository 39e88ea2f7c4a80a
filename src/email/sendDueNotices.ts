import type { Payload, SendEmailOptions } from 'payload'
import type { Pool } from 'pg'

import { noticeRetryDelaySeconds } from './noticeRetryDelay'
import { noticeClaimSeconds } from './smtpSettings'
import { configOf } from '@/config/appConfig'

/** A notice claimed for sending: its row's id, and the sends tried before. */
export type ClaimedNotice = { id: number; attempts: number }

/** How a notice's try ended, as its queue records it. `attempts` counts this one. */
export type NoticeOutcome =
  | { kind: 'sent'; attempts: number }
  /** There is no one to send it to: settled, never tried again. */
  | { kind: 'unsendable'; attempts: number; reason: string }
  | { kind: 'failed'; attempts: number; error: string; retryInSeconds: number }

/** One kind of notice that is e-mailed with retries: where its rows are and what they say. */
export type NoticeQueue<Notice extends ClaimedNotice> = {
  /** How the log names one notice: `inquiry 12`. */
  describe: (notice: Notice) => string
  /**
   * Claims the next due notice, if any, moving its due time `claimSeconds` ahead (`FOR UPDATE
   * SKIP LOCKED`), so that no other process or pass takes it meanwhile.
   */
  claimNext: (claimSeconds: number) => Promise<Notice | undefined>
  /** The e-mail, or `null` when there is no one to send it to. May throw (a retry follows). */
  message: (notice: Notice) => Promise<SendEmailOptions | null>
  /** Records how the try ended: sent and done, or when to try again. */
  record: (notice: Notice, outcome: NoticeOutcome) => Promise<void>
  /** First pause after a failed send (doubling, at most an hour). */
  retryBaseSeconds: number
}

/**
 * E-mails the due notices of `queue`, one claimed at a time, and records each outcome: sent, or
 * the error and when to try again. A claim lasts well beyond the longest exchange the SMTP
 * timeouts allow, so that the processes and passes that share the queue never send one notice
 * at the same time. The first failure ends the pass (the mail server is likely away: the rest
 * wait for the next, rather than each waiting out the timeouts now); so does `limit`. A
 * process that dies between the send and its record leaves the notice to be sent again once
 * its claim lapses (at least once). Returns the number sent.
 */
export async function sendDueNotices<Notice extends ClaimedNotice>(
  payload: Payload,
  queue: NoticeQueue<Notice>,
  { limit = 100 }: { limit?: number } = {},
): Promise<number> {
  const claimSeconds = noticeClaimSeconds(configOf(payload).email.timeouts)
  let sent = 0
  while (sent < limit) {
    const notice = await queue.claimNext(claimSeconds)
    if (!notice) break
    const attempts = notice.attempts + 1
    let outcome: NoticeOutcome
    try {
      const message = await queue.message(notice)
      if (message) await payload.sendEmail(message)
      outcome = message
        ? { kind: 'sent', attempts }
        : { kind: 'unsendable', attempts, reason: 'No address to send it to' }
    } catch (error) {
      payload.logger.error({
        msg: `E-mail about ${queue.describe(notice)} failed (attempt ${attempts}); it will be retried`,
        err: error,
      })
      outcome = {
        kind: 'failed',
        attempts,
        error: String((error as Error)?.message ?? error).slice(0, 500),
        retryInSeconds: noticeRetryDelaySeconds(attempts, queue.retryBaseSeconds),
      }
    }
    await queue.record(notice, outcome)
    if (outcome.kind === 'failed') break
    if (outcome.kind === 'sent') sent++
  }
  return sent
}

/**
 * `NoticeQueue.record` for a queue whose rows have `attempts`, `last_error`, `sent_at` and
 * `next_attempt_at` (the webhook disable notices, the buyers' order notices): sent and done, or
 * the error and when to try again; an unsendable one is settled with its reason.
 */
export function recordInNoticeTable(
  pool: Pool,
  { table, statementName }: { table: string; statementName: string },
) {
  return async (notice: ClaimedNotice, outcome: NoticeOutcome) => {
    await pool.query({
      name: statementName,
      text: `UPDATE ${table}
         SET attempts = $2, last_error = $3,
             sent_at = CASE WHEN $4::boolean THEN now() END,
             next_attempt_at = CASE WHEN $5::float8 IS NOT NULL
               THEN now() + make_interval(secs => $5::float8) END
         WHERE id = $1`,
      values: [
        notice.id,
        outcome.attempts,
        outcome.kind === 'failed'
          ? outcome.error
          : outcome.kind === 'unsendable'
            ? outcome.reason
            : null,
        outcome.kind === 'sent',
        outcome.kind === 'failed' ? outcome.retryInSeconds : null,
      ],
    })
  }
}
