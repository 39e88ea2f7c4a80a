import { z } from 'zod'

import { maxRecordId } from '@/http/ids'
import { keysetPageMeta } from '@/http/pageMeta'
import { queryInteger } from '@/http/queryParams'
import { orderStatuses } from '../orderStatus'
import { orderTokenHeader, orderTokenSchema } from '../orderToken'

/** One line of an order as its buyer sees it. */
const buyerOrderLine = z
  .object({
    product_id: z.number().int().describe('The product ordered (`GET /api/products/{id}`)'),
    name: z.string().describe("The product's name when the order was placed"),
    quantity: z.number().int().min(1),
    price: z.number().describe('Unit price when the order was placed, in roubles'),
    total: z.number().describe('Price times quantity, in roubles'),
  })
  .meta({ id: 'BuyerOrderLine' })

/** A refund of an order as its buyer sees it. */
const buyerOrderRefund = z
  .object({
    amount: z.number().describe('In roubles'),
    status: z
      .enum(['pending', 'succeeded', 'failed'])
      .describe(
        '`pending` while the bank returns it, `succeeded` once returned, `failed` when it could not be (nothing was refunded)',
      ),
    reason: z.string().nullable().describe('Why, as the shop wrote it'),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'BuyerOrderRefund' })

/**
 * An order as its buyer reads it (the storefront's order page, a customer's order list): its
 * status, lines, totals, refunds, dates, and the e-mail and shipping address the buyer gave.
 * Nothing else of the shop: no payment or session ids, no client address, no account.
 */
export const buyerOrder = z
  .object({
    id: z.number().int(),
    status: z
      .enum(orderStatuses)
      .describe(
        '`pending` until paid; `paid`, then `shipped` and `delivered`; `partially_refunded` or `refunded` once refunds succeeded; `expired` when the payment session ended unpaid, `cancelled` when it could not be opened',
      ),
    items: z.array(buyerOrderLine).min(1),
    total: z.number().describe('Sum of the lines, in roubles'),
    currency: z.literal('rub'),
    refunded_amount: z.number().describe('Refunded so far (refunds that succeeded), in roubles'),
    refunds: z.array(buyerOrderRefund).describe('Refunds of the order, oldest first'),
    customer_email: z.email(),
    shipping_address: z.object({
      name: z.string(),
      line1: z.string(),
      line2: z.string().optional(),
      city: z.string(),
      postal_code: z.string(),
      country: z.string().describe('ISO 3166-1 alpha-2'),
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    paid_at: z.iso.datetime().nullable().describe('When Stripe confirmed the payment'),
  })
  .meta({ id: 'BuyerOrder' })

export type BuyerOrder = z.infer<typeof buyerOrder>

/** The `Cache-Control` of every answer that shows an order. */
export const privateAnswerHeaders = z.object({ 'Cache-Control': z.literal('private, no-store') })

/** The `{id}` path parameter as documented (anything else is answered 404). */
export const orderIdParams = z.object({ id: z.int().min(1).describe('The order id (`orderId`)') })

/** The headers of `GET /api/v1/orders/{id}`: the order's token, for a guest's order. */
export const readOrderHeaders = z.object({ [orderTokenHeader]: orderTokenSchema.optional() })

/** One order: `{ data }`. */
export const buyerOrderDocument = z.object({ data: buyerOrder })

/** Query of `GET /api/v1/orders`: keyset pages, newest first. */
export const listOrdersQuery = z.object({
  after_id: queryInteger({ min: 1, max: maxRecordId })
    .optional()
    .describe('Orders older than this one (`meta.next_after_id` of the page before)'),
  limit: queryInteger({ min: 1, max: 100 }).default(20).describe('Orders a page (default 20)'),
})

/** A page of the caller's orders. */
export const buyerOrderList = z.object({ data: z.array(buyerOrder), meta: keysetPageMeta })
