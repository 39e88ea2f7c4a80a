import { randomBytes } from 'node:crypto'

import type { Pool } from 'pg'
import Stripe from 'stripe'

import {
  completedSession,
  expiredSession,
  newSession,
  sessionEvent,
  sessionLines,
  type SandboxLine,
  type SandboxSessionParams,
} from './sandboxSessionModel'
import { sandboxSessionTableName as table } from './sandboxSessionTable'

/** A session row of the sandbox, as read. */
export type SandboxSessionRow = {
  id: string
  status: 'open' | 'complete' | 'expired'
  session: Stripe.Checkout.Session
  lines: SandboxLine[]
  expiresAt: Date
  event: Stripe.Event | null
  eventAttempts: number
  eventNextAttemptAt: Date | null
  eventDeliveredAt: Date | null
  eventLastError: string | null
}

/** How long a sender holds an event it is sending before another may take it over. */
export const eventLeaseSeconds = 90

const columns = `id, status, session, lines, expires_at AS "expiresAt", event,
  event_attempts AS "eventAttempts", event_next_attempt_at AS "eventNextAttemptAt",
  event_delivered_at AS "eventDeliveredAt", event_last_error AS "eventLastError"`

const randomId = (prefix: string) => `${prefix}${randomBytes(20).toString('hex')}`
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/**
 * Opens a session (Stripe's `POST /v1/checkout/sessions`). A repeated idempotency key answers
 * the session that key made, whatever the parameters, as Stripe replays its first answer.
 */
export async function createSandboxSession(args: {
  pool: Pool
  params: SandboxSessionParams
  idempotencyKey: string | null
  /** The payment page of a session id. */
  pageUrl: (id: string) => string
  now: Date
}): Promise<Stripe.Checkout.Session> {
  const id = randomId('cs_test_sandbox_')
  const session = newSession({
    id,
    params: args.params,
    url: args.pageUrl(id),
    now: seconds(args.now),
  })
  const { rows } = await args.pool.query<{ session: Stripe.Checkout.Session }>(
    `INSERT INTO ${table} (id, idempotency_key, status, session, lines, expires_at, created_at)
     VALUES ($1, $2, 'open', $3, $4, to_timestamp($5), $6)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING session`,
    [
      id,
      args.idempotencyKey,
      JSON.stringify(session),
      JSON.stringify(sessionLines(args.params)),
      session.expires_at,
      args.now,
    ],
  )
  if (rows[0]) return rows[0].session
  const replay = await args.pool.query<{ session: Stripe.Checkout.Session }>(
    `SELECT session FROM ${table} WHERE idempotency_key = $1`,
    [args.idempotencyKey],
  )
  return replay.rows[0]!.session
}

/** A session by id, or null. */
export async function readSandboxSession(
  pool: Pool,
  id: string,
): Promise<SandboxSessionRow | null> {
  const { rows } = await pool.query<SandboxSessionRow>(
    `SELECT ${columns} FROM ${table} WHERE id = $1`,
    [id],
  )
  return rows[0] ?? null
}

/** What finishing a session did. */
export type FinishOutcome =
  /** It was open: now it is complete or expired, and owes the shop its event. */
  | { outcome: 'finished'; row: SandboxSessionRow }
  /** It had already completed or expired: nothing changed. */
  | { outcome: 'not_open'; row: SandboxSessionRow }
  | { outcome: 'not_found' }

/**
 * Completes (`pay`) or expires an open session, and records the event it now owes the shop,
 * claimed for the caller to send at once. A session past its `expires_at` can only expire (a
 * payment arriving too late expires it). Concurrent callers race on `status = 'open'`: one
 * wins, the others see `not_open`.
 */
export async function finishSandboxSession(args: {
  pool: Pool
  id: string
  how: 'pay' | 'expire'
  now: Date
}): Promise<FinishOutcome> {
  const current = await readSandboxSession(args.pool, args.id)
  if (!current) return { outcome: 'not_found' }
  if (current.status !== 'open') return { outcome: 'not_open', row: current }
  const isPaid = args.how === 'pay' && current.expiresAt > args.now
  const session = isPaid
    ? completedSession(current.session, randomId('pi_sandbox_'))
    : expiredSession(current.session)
  const event = sessionEvent({
    id: randomId('evt_sandbox_'),
    type: isPaid ? 'checkout.session.completed' : 'checkout.session.expired',
    session,
    created: seconds(args.now),
    apiVersion: Stripe.API_VERSION,
  })
  const { rows } = await args.pool.query<SandboxSessionRow>(
    `UPDATE ${table}
     SET status = $2, session = $3, event = $4, event_attempts = 0, event_delivered_at = NULL,
         event_last_error = NULL, event_next_attempt_at = $5::timestamptz + make_interval(secs => $6)
     WHERE id = $1 AND status = 'open'
     RETURNING ${columns}`,
    [
      args.id,
      session.status,
      JSON.stringify(session),
      JSON.stringify(event),
      args.now,
      eventLeaseSeconds,
    ],
  )
  if (rows[0]) return { outcome: 'finished', row: rows[0] }
  const after = await readSandboxSession(args.pool, args.id)
  return after ? { outcome: 'not_open', row: after } : { outcome: 'not_found' }
}

/** Open sessions whose `expires_at` has passed at `now`, oldest first. */
export async function sessionsRunOut(pool: Pool, now: Date, limit = 100): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE status = 'open' AND expires_at <= $1
     ORDER BY expires_at LIMIT $2`,
    [now, limit],
  )
  return rows.map((row) => row.id)
}

/**
 * Claims events the shop has not accepted whose next attempt is due at `now` (a sender that
 * died holding one loses it when its lease ends), for this process to send.
 */
export async function claimDueEvents(
  pool: Pool,
  now: Date,
  limit = 20,
): Promise<SandboxSessionRow[]> {
  const { rows } = await pool.query<SandboxSessionRow>(
    `UPDATE ${table}
     SET event_next_attempt_at = $1::timestamptz + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM ${table}
       WHERE event IS NOT NULL AND event_delivered_at IS NULL AND event_next_attempt_at <= $1
       ORDER BY event_next_attempt_at LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING ${columns}`,
    [now, eventLeaseSeconds, limit],
  )
  return rows
}

/** Records one attempt to send a session's event: accepted, or when to try again. */
export async function recordEventAttempt(
  pool: Pool,
  args: { id: string; error: string | null; retryInSeconds: number; now: Date },
) {
  await pool.query(
    `UPDATE ${table}
     SET event_attempts = event_attempts + 1,
         event_delivered_at = CASE WHEN $2::text IS NULL THEN $4::timestamptz END,
         event_last_error = $2::text,
         event_next_attempt_at = CASE WHEN $2::text IS NULL THEN NULL
           ELSE $4::timestamptz + make_interval(secs => $3) END
     WHERE id = $1`,
    [args.id, args.error, args.retryInSeconds, args.now],
  )
}
