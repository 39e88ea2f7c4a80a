import { z } from 'zod'

import { defineEndpoint } from '@/http/defineEndpoint'
import { notFound } from '@/http/errors'
import { maxRecordId } from '@/http/ids'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import { refundOrder } from '@/shop/refunds/refundOrder'

/** What an administrator asks for. */
export const refundOrderInput = z
  .strictObject({
    amount: z
      .int()
      .min(1)
      .max(maxRecordId)
      .optional()
      .describe(
        "In the order's minor units (kopecks: 500 is 5.00 RUB); what is left to refund when omitted",
      ),
    reason: z
      .string()
      .max(500)
      .optional()
      .describe(
        "Why; kept with the refund, in Stripe's metadata, `order.refunded` and the buyer's e-mail",
      ),
    restock: z
      .boolean()
      .optional()
      .describe(
        "Put the order's units back on the shelf (one stock adjustment a product, naming the order); once per order",
      ),
  })
  .meta({ id: 'RefundOrderInput' })

/** The refund as Stripe answered it (Stripe's Refund object; the fields this API documents). */
export const stripeRefund = z
  .looseObject({
    id: z.string().describe("Stripe's refund id (`re_...`)"),
    object: z.literal('refund'),
    amount: z.int().describe('In minor units'),
    currency: z.string(),
    status: z
      .string()
      .nullable()
      .describe('`pending`, `requires_action`, `succeeded`, `failed` or `canceled`'),
    payment_intent: z.string().nullable(),
    created: z.int().describe('Unix seconds'),
    metadata: z.record(z.string(), z.string()).nullable(),
  })
  .meta({ id: 'StripeRefund' })

const orderIdParams = z.object({ id: z.int().min(1).describe('The order id') })

export const refundOrderEndpoint = defineEndpoint({
  path: '/:id/refund',
  method: 'post',
  family: 'resource',
  access: 'admin',
  openapi: {
    operationId: 'refundOrder',
    summary: 'Refund an order (administrators)',
    description:
      'Refunds a paid order (`paid`, `shipped`, `delivered` or `partially_refunded`) through ' +
      'Stripe, with an idempotency key, and answers 202 with the refund as Stripe returned it. ' +
      "Stripe's events then set the order's `refunded_amount` and its status (`partially_refunded`, " +
      '`refunded`) and send `order.refunded` and the buyer\u2019s e-mail; a refund made in ' +
      "Stripe's dashboard is recorded the same way. 409: the order is not paid, has nothing left " +
      'to refund, the amount is above what is left, or Stripe refused. 502: Stripe could not be ' +
      'reached (nothing was recorded; retrying is safe).',
    tags: ['Shop'],
    params: orderIdParams,
    body: refundOrderInput,
    bodyOptional: true,
    responses: { 202: { description: 'Stripe made the refund', schema: stripeRefund } },
    errors: ['not_found', 'conflict', 'bad_gateway'],
  },
  handler: async (req) => {
    const raw = String(req.routeParams?.id ?? '')
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > maxRecordId) {
      throw notFound(`Order ${raw} not found`)
    }
    const request = parseInput(refundOrderInput, (await readJsonBody(req)) ?? {})
    const { refund } = await refundOrder({ req, orderId: Number(raw), request })
    return Response.json(refund, { status: 202 })
  },
})
