import { z } from 'zod'

import { maxRecordId } from '@/http/ids'

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

/** The `{id}` of the order to refund. */
export const refundOrderParams = z.object({ id: z.int().min(1).describe('The order id') })
