import { defineEndpoint } from '@/http/defineEndpoint'
import { notFound } from '@/http/errors'
import { maxRecordId } from '@/http/ids'
import { parseInput } from '@/http/parseInput'
import { readJsonBody } from '@/http/readJsonBody'
import { refundOrderInput, refundOrderParams, stripeRefund } from '@/shop/contracts/refunds'
import { refundOrder } from '@/shop/refunds/refundOrder'

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
    params: refundOrderParams,
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
