import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { checkoutSessionIdempotencyKey, checkoutSessionParams } from '../checkoutSession'
import { sessionExpiry } from '../checkoutSettings'
import type { ShippingAddress } from '../inputSchemas'
import { amountToNumber, formatAmount, multiplyAmount, sumAmounts } from '../money'
import { createCheckoutSession, PaymentProviderNotConfigured } from '../stripe/stripeClient'
import { HttpError } from '@/http/errors'
import { checkoutOutcomeOf } from '@/observability/checkoutOutcome'
import { countCheckout } from '@/runtime/metrics'
import type { Order } from '@/payload-types'
import { systemWrite } from '../systemWrite'
import { inTransaction, transactionDatabase } from '@/db/transaction'
import { assertMayHold, buyerAddressKey } from './assertMayHold'
import { endUnpaidOrder } from './endUnpaidOrder'
import { orderEndReasons } from '../orderEndReasons'
import { priceCart, reserveStock, stockChangeTags, type CartLine, type PricedLine } from './stock'
import { holdChange } from '@/answerCache/operations/announceChange'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderEventData } from '@/shop/orderEvents'
import { ShopEvents } from '@/shop/webhookEventTypes'
import { configOf, type AppConfig } from '@/config/appConfig'
import { exponentialDelay, type Backoff } from '@/retry/exponentialBackoff'
import { keyReusedWithAnotherRequest } from '../idempotency/idempotencyKey'
import { openOrderToken, sealOrderToken } from '../idempotency/sealedOrderToken'
import { newOrderToken, orderTokenHash } from '../orderToken'
import {
  claimCheckoutKey,
  completeCheckoutKey,
  findCheckoutKey,
  recordCheckoutKeyOrder,
  releaseCheckoutKey,
  type CheckoutKeyId,
} from '../idempotency/checkoutKeyStore'

/** What a checkout needs, whichever variant of the endpoint received it. */
export type CheckoutArgs = {
  req: PayloadRequest
  /** The cart: product ids and quantities; prices and names are read from the database. */
  lines: CartLine[]
  customerEmail: string
  shippingAddress: ShippingAddress
  /** The signed-in user the order belongs to, when known. */
  userId?: number
  /** The address the request came from (`requestAddress`): what one client holds is bounded. */
  clientAddress: string
  /**
   * The request's `Idempotency-Key`, whose it is (`idempotencyScope`) and the fingerprint of its
   * parsed body (`requestFingerprint`): the same key and body answer the first answer again.
   */
  idempotency?: CheckoutKeyId & { requestHash: string }
}

/** A placed order and where its customer pays: what a key's stored answer keeps in the clear. */
export type PlacedOrder = {
  orderId: number
  /** Stripe's hosted payment page. */
  paymentUrl: string
  /** Sum of price × quantity, exact. */
  total: number
}

/** A placed order with the secret that lets its buyer read it (`GET /api/v1/orders/{id}`). */
export type CheckoutResult = PlacedOrder & {
  /**
   * The order's token (stored only as its hash). Absent only on a replay whose sealed token
   * cannot be opened: `PAYLOAD_SECRET` changed since the first answer.
   */
  orderToken?: string
}

/** A checkout's answer, and whether it is a stored one given again (`Idempotent-Replayed`). */
export type CheckoutAnswer = CheckoutResult & { isReplay: boolean }

/**
 * Turns a cart into a `pending` order and opens its Stripe Checkout Session:
 * 1. in one transaction, creates the order with names and prices from the database, then
 *    holds the stock with conditional decrements (last, so that the product rows stay locked
 *    only for the decrements and the commit);
 * 2. after commit (no row lock is held across the network call), asks Stripe for the session,
 *    with an idempotency key derived from the order;
 * 3. if Stripe fails, cancels the order and releases its stock, then throws a 502.
 *
 * With an `Idempotency-Key` (`args.idempotency`) it runs at most once per client and key
 * (`checkoutOnce`).
 */
export async function checkout(args: CheckoutArgs): Promise<CheckoutAnswer> {
  if (!args.idempotency) return { ...(await countedPlaceOrder(args)), isReplay: false }
  return checkoutOnce(args, args.idempotency)
}

/**
 * A checkout under an `Idempotency-Key`, run at most once per client and key:
 * - a key answered within its lifetime gives that answer again, if the body is the same (a 422
 *   otherwise), without touching the order or the stock;
 * - a key whose checkout is still running (another request, between its commit and its answer)
 *   is waited for, then answered the same way;
 * - a free key is taken first in the checkout's own transaction (`placeOrder`): a request that
 *   finds it taken meanwhile waited there for the holder's commit, and starts over to read its
 *   answer. A checkout that fails gives the key back, so only successes are ever replayed.
 */
async function checkoutOnce(
  args: CheckoutArgs,
  id: CheckoutKeyId & { requestHash: string },
): Promise<CheckoutAnswer> {
  // Outside the checkout's transaction (a read of what other requests committed).
  const db = await transactionDatabase(args.req)
  const abandonAfterMs = unansweredKeyLeaseMs(configOf(args.req.payload))
  let waits = 0
  for (;;) {
    const stored = await findCheckoutKey<PlacedOrder>(db, { ...id, abandonAfterMs })
    if (stored && stored.requestHash !== id.requestHash) throw keyReusedWithAnotherRequest()
    if (stored?.result) {
      const orderToken = openOrderToken({
        secret: args.req.payload.secret,
        sealed: stored.orderTokenSealed,
        binding: { scope: id.scope, key: id.key, orderId: stored.result.orderId },
      })
      if (!orderToken) {
        args.req.payload.logger.warn({
          msg: `The order token of order ${stored.result.orderId}'s stored checkout answer cannot be opened (PAYLOAD_SECRET changed?): replayed without it`,
        })
      }
      return { ...stored.result, orderToken, isReplay: true }
    }
    if (!stored) {
      try {
        return { ...(await countedPlaceOrder(args)), isReplay: false }
      } catch (error) {
        if (!(error instanceof KeyTakenMeanwhile)) throw error
        continue
      }
    }
    // Its checkout is asking Stripe for the session: a few hundred milliseconds as a rule.
    await new Promise((resolve) => setTimeout(resolve, exponentialDelay(answerWait, ++waits)))
  }
}

/**
 * How long a key may stay unanswered before its checkout counts as dead (its process ended
 * between the order's commit and the answer) and the key as free: longer than the Stripe call
 * can take with all its retries, plus a minute.
 */
const unansweredKeyLeaseMs = (config: AppConfig) =>
  config.stripe.timeoutMs * (config.stripe.maxNetworkRetries + 1) + 60_000

/** Waiting for another request's answer under the same key: 10 ms, doubling, at most 250 ms. */
const answerWait: Backoff = { first: 10, max: 250 }

/** Another request took the key between our look and our claim: read its answer instead. */
class KeyTakenMeanwhile extends Error {}

async function countedPlaceOrder(args: CheckoutArgs): Promise<CheckoutResult> {
  try {
    const result = await placeOrder(args)
    countCheckout('created')
    return result
  } catch (error) {
    if (!(error instanceof KeyTakenMeanwhile)) countCheckout(checkoutOutcomeOf(error))
    throw error
  }
}

async function placeOrder(args: CheckoutArgs): Promise<CheckoutResult> {
  const { req } = args
  const config = configOf(req.payload)
  const settings = config.checkout

  const buyer = {
    addressKey: buyerAddressKey(args.clientAddress, req.payload.secret),
    email: args.customerEmail,
  }
  const key = args.idempotency
  const orderToken = newOrderToken()
  const { order, lines } = await inTransaction(req, async (db) => {
    // First, before any lock of the checkout's own: a second request with the key waits here.
    if (key && !(await claimCheckoutKey(db, key))) throw new KeyTakenMeanwhile()
    await assertMayHold({
      db,
      buyer,
      units: args.lines.reduce((sum, line) => sum + line.quantity, 0),
      limits: settings,
    })
    const priced = await priceCart(db, args.lines)
    const total = sumAmounts(priced.map((line) => multiplyAmount(line.unitPrice, line.quantity)))
    const created = await req.payload.create({
      collection: 'orders',
      data: {
        status: 'pending',
        items: priced.map((line) => ({
          product: line.productId,
          quantity: line.quantity,
          price: Number(formatAmount(line.unitPrice)),
          name: line.name,
        })),
        total: amountToNumber(total),
        customerEmail: args.customerEmail,
        buyerAddress: buyer.addressKey,
        orderTokenHash: orderTokenHash(orderToken),
        shippingAddress: args.shippingAddress,
        user: args.userId,
      },
      req,
      context: systemWrite,
      depth: 0,
    })
    if (key) await recordCheckoutKeyOrder(db, { ...key, orderId: created.id })
    holdChange(req.payload, stockChangeTags(priced.map((line) => line.productId)))
    await reserveStock(db, priced)
    await emitEvent({ req, type: ShopEvents.OrderCreated, data: toOrderEventData(created) })
    return { order: created, lines: priced }
  })

  let paymentUrl: string
  try {
    const session = await createCheckoutSession(
      config,
      checkoutSessionParams({
        orderId: order.id,
        lines,
        customerEmail: args.customerEmail,
        frontendUrl: settings.frontendUrl,
        expiresAt: sessionExpiry(new Date(), settings.sessionTtlMinutes),
      }),
      checkoutSessionIdempotencyKey(order),
    )
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`)
    paymentUrl = session.url
    // A bookkeeping column no hook or event cares about: one statement saves a second Payload
    // update per checkout (which re-reads, re-validates and re-populates the whole order).
    await (
      await transactionDatabase(req)
    ).execute(sql`
      UPDATE orders SET stripe_session_id = ${session.id}, updated_at = now()
      WHERE id = ${order.id}`)
  } catch (error) {
    const isUnconfigured = error instanceof PaymentProviderNotConfigured
    req.payload.logger.error({
      msg: `No payment session for order ${order.id}: the order is cancelled and its stock released`,
      // A missing setting is one line in the log, not a stack trace.
      ...(isUnconfigured ? { reason: error.message } : { err: error }),
    })
    const reason = isUnconfigured
      ? orderEndReasons.providerNotConfigured
      : orderEndReasons.providerUnreachable
    await cancelOrder(req, { order, lines, key, reason })
    throw new HttpError({
      code: 'bad_gateway',
      message: isUnconfigured
        ? 'No payment provider is configured (STRIPE_SECRET_KEY is not set, the payment sandbox is off); the order was cancelled, nothing was charged'
        : 'The payment provider could not be reached; the order was cancelled, nothing was charged',
    })
  }
  const placed: PlacedOrder = { orderId: order.id, paymentUrl, total: order.total }
  if (key) {
    await completeCheckoutKey(await transactionDatabase(req), {
      ...key,
      orderId: order.id,
      result: placed,
      orderTokenSealed: sealOrderToken({
        secret: req.payload.secret,
        token: orderToken,
        binding: { scope: key.scope, key: key.key, orderId: order.id },
      }),
    })
  }
  return { ...placed, orderToken }
}

/** Cancels the order for `reason` and gives its key back: a retry with the key checks out again. */
function cancelOrder(
  req: PayloadRequest,
  args: { order: Order; lines: PricedLine[]; key: CheckoutKeyId | undefined; reason: string },
) {
  const { order, lines, key, reason } = args
  return inTransaction(req, async (db) => {
    await endUnpaidOrder({ req, db, orderId: order.id, status: 'cancelled', reason, lines })
    if (key) await releaseCheckoutKey(db, { ...key, orderId: order.id })
  })
}
