import { randomBytes } from 'node:crypto'

import type { Pool } from 'pg'
import Stripe from 'stripe'

import { sandboxRefundTableName, sandboxSessionTableName } from './sandboxSessionTable'

const randomId = (prefix: string) => `${prefix}${randomBytes(20).toString('hex')}`

/** What a refund request asks for, as Stripe's API reads it. */
export type SandboxRefundParams = {
  payment_intent?: string
  amount?: string
  metadata?: Record<string, string>
}

/** A refund the sandbox refused, as Stripe would (400 or 404). */
export type SandboxRefundRefusal = { status: number; code: string; message: string; param?: string }

/** The events a refund owes the shop, as Stripe sends them: the refund's, and its charge's. */
export type RefundMade = { refund: Stripe.Refund; events: Stripe.Event[] }

/**
 * Refunds a payment of the sandbox (Stripe's `POST /v1/refunds`): the payment intent of a paid
 * session, at most what is left of it (what Stripe answers otherwise, it does), `succeeded` at
 * once as in Stripe's test mode. A repeated idempotency key answers the refund it made. The
 * payment's row is locked while it is counted, so two requests never refund more than was paid.
 */
export async function createSandboxRefund(args: {
  pool: Pool
  params: SandboxRefundParams
  idempotencyKey: string | null
  now: Date
}): Promise<RefundMade | { replay: Stripe.Refund } | { refused: SandboxRefundRefusal }> {
  const client = await args.pool.connect()
  try {
    await client.query('BEGIN')
    if (args.idempotencyKey) {
      const { rows } = await client.query<{ refund: Stripe.Refund }>(
        `SELECT refund FROM ${sandboxRefundTableName} WHERE idempotency_key = $1`,
        [args.idempotencyKey],
      )
      if (rows[0]) {
        await client.query('ROLLBACK')
        return { replay: rows[0].refund }
      }
    }
    const intent = args.params.payment_intent ?? ''
    const { rows: sessions } = await client.query<{ session: Stripe.Checkout.Session }>(
      `SELECT session FROM ${sandboxSessionTableName}
       WHERE status = 'complete' AND session->>'payment_intent' = $1 FOR UPDATE`,
      [intent],
    )
    const session = sessions[0]?.session
    if (!session) {
      await client.query('ROLLBACK')
      return {
        refused: {
          status: 404,
          code: 'resource_missing',
          param: 'payment_intent',
          message: `No such payment_intent: '${intent}'`,
        },
      }
    }
    const refunded = await refundsOf(client, intent)
    const paid = session.amount_total ?? 0
    const left =
      paid -
      refunded
        .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
        .reduce((n, r) => n + r.amount, 0)
    const amount = args.params.amount === undefined ? left : Number(args.params.amount)
    const refusal = (code: string, message: string) => ({ status: 400, code, message })
    if (left <= 0) {
      await client.query('ROLLBACK')
      return {
        refused: refusal('charge_already_refunded', `Payment ${intent} has already been refunded.`),
      }
    }
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) {
      await client.query('ROLLBACK')
      return {
        refused: refusal(
          'amount_too_large',
          `Refund amount (${args.params.amount}) is greater than unrefunded amount on charge (${left})`,
        ),
      }
    }
    const created = Math.floor(args.now.getTime() / 1000)
    const refund = {
      id: randomId('re_sandbox_'),
      object: 'refund',
      amount,
      currency: session.currency ?? 'rub',
      charge: null,
      payment_intent: intent,
      status: 'succeeded',
      reason: null,
      failure_reason: null,
      metadata: args.params.metadata ?? {},
      created,
    } as unknown as Stripe.Refund
    await client.query(
      `INSERT INTO ${sandboxRefundTableName} (id, payment_intent, idempotency_key, refund, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [refund.id, intent, args.idempotencyKey, JSON.stringify(refund), args.now],
    )
    await client.query('COMMIT')
    const totalRefunded = paid - left + amount
    const event = (type: string, object: object) =>
      ({
        id: randomId('evt_sandbox_'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: args.idempotencyKey },
        type,
        data: { object },
      }) as unknown as Stripe.Event
    return {
      refund,
      events: [
        event('refund.created', refund),
        event('charge.refunded', {
          id: `ch_sandbox_${intent}`,
          object: 'charge',
          amount: paid,
          amount_refunded: totalRefunded,
          refunded: totalRefunded >= paid,
          currency: refund.currency,
          payment_intent: intent,
        }),
      ],
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** The refunds of a payment intent, newest first (Stripe's `GET /v1/refunds?payment_intent=`). */
export async function refundsOf(
  db: Pick<Pool, 'query'>,
  paymentIntent: string,
): Promise<Stripe.Refund[]> {
  const { rows } = await db.query<{ refund: Stripe.Refund }>(
    `SELECT refund FROM ${sandboxRefundTableName} WHERE payment_intent = $1
     ORDER BY created_at DESC, id DESC`,
    [paymentIntent],
  )
  return rows.map((row) => row.refund)
}
