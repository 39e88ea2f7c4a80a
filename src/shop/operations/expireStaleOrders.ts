import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import {
  expireCheckoutSession,
  isStripeUnavailable,
  retrieveCheckoutSession,
} from '../stripe/stripeClient'
import { inTransaction, postgres, type TransactionDb } from '@/db/transaction'
import { expireOrder } from './endUnpaidOrder'
import { orderEndReasons } from '../orderEndReasons'
import { markOrderPaid } from './markOrderPaid'
import { configOf } from '@/config/appConfig'

/** What one sweep did, by order id. */
export type SweepResult = {
  /** Orders expired, their stock released and `order.updated` emitted. */
  expired: number[]
  /** Orders whose session Stripe reported paid (its webhook never arrived): now `paid`. */
  paid: number[]
  /** Stale orders left `pending` for a later sweep: Stripe could not say, or the payment is still processing. */
  deferred: number[]
}

type Outcome = keyof SweepResult

type StaleOrder = { id: number; stripe_session_id: string | null }

/**
 * One sweep of abandoned orders: every order still `pending` longer than its payment session
 * can live plus a margin (`ORDER_SWEEP_MARGIN_MINUTES`) holds stock nobody will pay for, e.g. one whose
 * checkout was killed before it opened its session, or whose expiry webhook was lost. Each
 * order is claimed alone (`FOR UPDATE SKIP LOCKED`, one transaction per order), so several
 * instances sweeping at once never handle an order twice, and the Stripe webhook for it waits
 * for the claim to end and then finds it settled:
 * - without a recorded session, it is expired (its session, if Stripe made one, expired with
 *   the lifetime: nobody can pay it any more);
 * - with one, Stripe is asked first: paid means `paid`, exactly as the webhook would do; open
 *   means the session is expired at Stripe, then the order; expired means the order expires.
 *
 * Expiring releases the stock and emits `order.updated` in the same transaction. An order is
 * never expired while Stripe cannot be reached: it stays pending for the next sweep, and the
 * sweep stops asking Stripe after the first such failure. Running it again changes nothing.
 *
 * The order's row stays locked across its Stripe calls (bounded by `STRIPE_TIMEOUT_MS` and
 * `STRIPE_MAX_NETWORK_RETRIES`): that lock is what makes a payment webhook arriving meanwhile
 * wait for the sweep's decision instead of racing it. Only that one order waits.
 */
export async function expireStaleOrders(payload: Payload): Promise<SweepResult> {
  const { staleAfterMinutes } = configOf(payload).orderSweep
  const result: SweepResult = { expired: [], paid: [], deferred: [] }
  const state: SweepState = { staleAfterMinutes, skip: result.deferred, isStripeDown: false }
  for (;;) {
    const swept = await sweepOne(payload, state)
    if (!swept) break
    result[swept.outcome].push(swept.orderId)
  }
  if (state.isStripeDown) await reportUntried(payload, staleAfterMinutes)
  const { expired, paid, deferred } = result
  if (expired.length || paid.length || deferred.length) {
    payload.logger.info({
      msg: `Stale orders: ${expired.length} expired, ${paid.length} paid, ${deferred.length} left pending`,
    })
  }
  return result
}

type SweepState = {
  staleAfterMinutes: number
  /** Orders this sweep left pending: not claimed again by it. */
  skip: number[]
  /** Set at the first failure that is Stripe's, not a session's: orders with a session wait. */
  isStripeDown: boolean
}

/**
 * Claims and settles one stale order in a transaction of its own; undefined when none is left.
 * An order that fails is left pending (logged); a failure before any claim is the database's,
 * and ends the sweep.
 */
async function sweepOne(
  payload: Payload,
  state: SweepState,
): Promise<{ orderId: number; outcome: Outcome } | undefined> {
  const claim: { order?: StaleOrder } = {}
  try {
    const req = await createLocalReq({}, payload)
    return await inTransaction(req, async (db) => {
      const order = await claimStaleOrder(db, state)
      if (!order) return undefined
      claim.order = order
      try {
        return { orderId: order.id, outcome: await settle(req, db, order, state.staleAfterMinutes) }
      } catch (error) {
        if (!(error instanceof StripeCallError)) throw error
        const isUnavailable = isStripeUnavailable(error.cause)
        state.isStripeDown ||= isUnavailable
        payload.logger[isUnavailable ? 'warn' : 'error']({
          msg: `Stale order ${order.id} left pending: Stripe could not tell the state of session ${order.stripe_session_id}`,
          err: error.cause,
        })
        return { orderId: order.id, outcome: 'deferred' as const }
      }
    })
  } catch (error) {
    if (!claim.order) throw error
    payload.logger.error({ msg: `Stale order ${claim.order.id} could not be settled`, err: error })
    return { orderId: claim.order.id, outcome: 'deferred' }
  }
}

/** The oldest stale pending order nobody else has claimed, locked until the transaction ends. */
async function claimStaleOrder(
  db: TransactionDb,
  state: SweepState,
): Promise<StaleOrder | undefined> {
  const { rows } = await db.execute<StaleOrder>(sql`
    SELECT id, stripe_session_id FROM orders
    WHERE status = 'pending'
      AND created_at < now() - make_interval(mins => ${state.staleAfterMinutes})
      AND NOT (id = ANY(${`{${state.skip.join(',')}}`}::integer[]))
      AND (${!state.isStripeDown} OR stripe_session_id IS NULL)
    ORDER BY created_at, id
    LIMIT 1
    FOR UPDATE SKIP LOCKED`)
  const order = rows[0]
  return order && { id: Number(order.id), stripe_session_id: order.stripe_session_id }
}

/** Settles one claimed order (locked, pending) in its transaction; see `expireStaleOrders`. */
async function settle(
  req: PayloadRequest,
  db: TransactionDb,
  order: StaleOrder,
  staleAfterMinutes: number,
): Promise<Outcome> {
  const stale = orderEndReasons.staleUnpaid(staleAfterMinutes)
  const sessionId = order.stripe_session_id
  if (!sessionId) {
    await expireOrder({ req, db, orderId: order.id, reason: stale })
    return 'expired'
  }
  const session = await askStripe(() => retrieveCheckoutSession(configOf(req.payload), sessionId))
  if (session.status === 'complete') {
    if (session.payment_status === 'unpaid') {
      req.payload.logger.info({
        msg: `Stale order ${order.id}: session ${sessionId} is complete, its payment still processing; left pending`,
      })
      return 'deferred'
    }
    // A session tells no time of payment: the sweep records when it learned of it.
    const settled = await markOrderPaid({ req, orderId: order.id, session, paidAt: new Date() })
    // A payment not matching the order leaves it for an admin (its notice is owed).
    return settled.outcome === 'paid' ? 'paid' : 'deferred'
  }
  if (session.status === 'open') {
    // Closed at Stripe first, so that nobody pays for an order whose stock is released.
    await askStripe(() => expireCheckoutSession(configOf(req.payload), sessionId))
  } else if (session.status !== 'expired') {
    req.payload.logger.warn({
      msg: `Stale order ${order.id}: session ${sessionId} has status ${session.status}; left pending`,
    })
    return 'deferred'
  }
  // Expired by this sweep, or earlier at Stripe (its webhook lost).
  const reason = session.status === 'open' ? stale : orderEndReasons.sessionExpired
  await expireOrder({ req, db, orderId: order.id, reason })
  return 'expired'
}

/** A failed call to Stripe, told apart from the database's failures. */
class StripeCallError extends Error {}

async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw new StripeCallError('Stripe call failed', { cause: error })
  }
}

/** Logs how many stale orders with a session this sweep did not try once Stripe was down. */
async function reportUntried(payload: Payload, staleAfterMinutes: number) {
  const { rows } = await postgres(payload).pool.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM orders
     WHERE status = 'pending' AND stripe_session_id IS NOT NULL
       AND created_at < now() - make_interval(mins => $1)`,
    [staleAfterMinutes],
  )
  payload.logger.warn({
    msg: `Stripe unreachable: ${rows[0]?.count ?? 0} stale orders with a payment session stay pending until a later sweep`,
  })
}
