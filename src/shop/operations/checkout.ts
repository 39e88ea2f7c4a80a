import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { checkoutSessionIdempotencyKey, checkoutSessionParams } from '../checkoutSession'
import { sessionExpiry } from '../checkoutSettings'
import type { ShippingAddress } from '../inputSchemas'
import { amountToNumber, formatAmount, multiplyAmount, sumAmounts } from '../money'
import { createCheckoutSession, PaymentProviderNotConfigured } from '../stripe/stripeClient'
import { HttpError } from '@/http/errors'
import { checkoutOutcomeOf } from '@/observability/checkoutOutcome'
import { countCheckout } from '@/observability/metrics'
import type { Order } from '@/payload-types'
import { systemWrite } from '../systemWrite'
import { inTransaction, transactionDatabase } from '@/db/transaction'
import { assertMayHold, buyerAddressKey } from './assertMayHold'
import { endUnpaidOrder } from './endUnpaidOrder'
import { priceCart, reserveStock, type CartLine, type PricedLine } from './stock'
import { emitEvent } from '@/webhooks/operations/emitEvent'
import { toOrderEventData } from '@/webhooks/eventData'
import { WebhookEvents } from '@/webhooks/eventCatalogue'
import { configOf } from '@/config/appConfig'

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
}

/** A placed order and where its customer pays. */
export type CheckoutResult = {
  orderId: number
  /** Stripe's hosted payment page. */
  paymentUrl: string
  /** Sum of price × quantity, exact. */
  total: number
}

/**
 * Turns a cart into a `pending` order and opens its Stripe Checkout Session:
 * 1. in one transaction, creates the order with names and prices from the database, then
 *    holds the stock with conditional decrements (last, so that the product rows stay locked
 *    only for the decrements and the commit);
 * 2. after commit (no row lock is held across the network call), asks Stripe for the session,
 *    with an idempotency key derived from the order;
 * 3. if Stripe fails, cancels the order and releases its stock, then throws a 502.
 */
export async function checkout(args: CheckoutArgs): Promise<CheckoutResult> {
  try {
    const result = await placeOrder(args)
    countCheckout('created')
    return result
  } catch (error) {
    countCheckout(checkoutOutcomeOf(error))
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
  const { order, lines } = await inTransaction(req, async (db) => {
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
        shippingAddress: args.shippingAddress,
        user: args.userId,
      },
      req,
      context: systemWrite,
      depth: 0,
    })
    await reserveStock(db, priced)
    await emitEvent({ req, type: WebhookEvents.OrderCreated, data: toOrderEventData(created) })
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
    await cancelOrder(req, order, lines)
    throw new HttpError({
      code: 'bad_gateway',
      message: isUnconfigured
        ? 'No payment provider is configured (STRIPE_SECRET_KEY is not set, the payment sandbox is off); the order was cancelled, nothing was charged'
        : 'The payment provider could not be reached; the order was cancelled, nothing was charged',
    })
  }
  return { orderId: order.id, paymentUrl, total: order.total }
}

function cancelOrder(req: PayloadRequest, order: Order, lines: PricedLine[]) {
  return inTransaction(req, (db) =>
    endUnpaidOrder({ req, db, orderId: order.id, status: 'cancelled', lines }),
  )
}
