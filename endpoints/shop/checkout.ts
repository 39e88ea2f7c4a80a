import type { Endpoint, PayloadRequest } from 'payload'
import { z } from 'zod'

import { isUser } from '@/identity/roles'
import { errorEnvelope } from '@/openapi/errorSchemas'
import {
  anonymousBuyerKey,
  idempotencyKeyHeader,
  idempotencyScope,
  idempotentReplayedHeader,
  parseIdempotencyKey,
  requestFingerprint,
} from '@/shop/idempotency/idempotencyKey'
import { configOf } from '@/config/appConfig'
import {
  authenticatedCheckoutInput,
  authenticatedCheckoutOutput,
  guestCheckoutInput,
  guestCheckoutOutput,
  idempotencyHeaders,
  replayedHeaders,
} from '@/shop/contracts/checkout'
import { requestAddress } from '@/http/requestAddress'
import { HttpError } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { defineEndpoint } from '@/http/defineEndpoint'
import { readJsonBody } from '@/http/readJsonBody'
import type { VariantOperation } from '@/openapi/operation'
import { checkout } from '@/shop/operations/checkout'

const signedInUserId = (req: PayloadRequest) =>
  req.user && isUser(req.user) ? Number(req.user.id) : undefined

/** The 422 of an `Idempotency-Key` sent again with another body, in a family's envelope. */
const keyReused = (family: 'custom' | 'errors') => ({
  description:
    '`unprocessable_entity`: this `Idempotency-Key` was used in the last 24 hours with another request body; nothing was done. Send a new key for a new checkout.',
  schema: errorEnvelope(family, ['unprocessable_entity']),
})

/**
 * The request's `Idempotency-Key` (400 when malformed) with whose it is and the fingerprint of
 * the parsed body; undefined without the header.
 */
function idempotencyOf(req: PayloadRequest, variant: string, parsed: unknown) {
  const key = parseIdempotencyKey(req.headers.get(idempotencyKeyHeader))
  if (key === undefined) return undefined
  const email = (parsed as { customerEmail?: unknown }).customerEmail
  const scope = idempotencyScope({
    principal: req.user ? { collection: req.user.collection, id: req.user.id } : undefined,
    buyerKey: anonymousBuyerKey({
      address: requestAddress(req),
      email: typeof email === 'string' ? email : '',
      secret: req.payload.secret,
    }),
  })
  return { scope, key, requestHash: requestFingerprint({ variant, body: parsed }) }
}

/** A 201 with `body`, marked when it is a stored answer given again. */
const placed = (body: unknown, isReplay: boolean) =>
  Response.json(body, {
    status: 201,
    headers: isReplay ? { [idempotentReplayedHeader]: 'true' } : {},
  })

const guestCheckout = defineEndpoint({
  path: '/checkout',
  method: 'post',
  family: 'custom',
  access: 'anyone',
  openapi: {
    operationId: 'checkout',
    summary: 'Guest checkout (default)',
    description:
      'Anyone; body `{ items: [{ productId, quantity }], customerEmail, shippingAddress }`, ' +
      'answer `{ orderId, paymentUrl, order_token }`, errors `{ error }`; 502 when Stripe cannot open the ' +
      'session or no payment provider is configured (the order is then cancelled and its stock ' +
      'released).',
    tags: ['Shop'],
    headers: idempotencyHeaders,
    body: guestCheckoutInput,
    responses: {
      201: { description: 'Order placed', schema: guestCheckoutOutput, headers: replayedHeaders },
      422: keyReused('custom'),
    },
    errors: ['conflict', 'bad_gateway'],
  },
  handler: async (req) => {
    const input = parseInput(guestCheckoutInput, await readJsonBody(req))
    const idempotency = idempotencyOf(req, 'guest', input)
    const result = await checkout({
      req,
      lines: input.items,
      customerEmail: input.customerEmail,
      shippingAddress: input.shippingAddress,
      userId: signedInUserId(req),
      clientAddress: requestAddress(req),
      idempotency,
    })
    const body: z.input<typeof guestCheckoutOutput> = {
      orderId: result.orderId,
      paymentUrl: result.paymentUrl,
      order_token: result.orderToken,
    }
    return placed(body, result.isReplay)
  },
})

const authenticatedCheckout = defineEndpoint({
  path: '/checkout',
  method: 'post',
  family: 'errors',
  access: 'authenticated',
  openapi: {
    operationId: 'checkout',
    summary: 'Authenticated checkout (`CHECKOUT_REQUIRE_AUTH=true`)',
    description:
      'A signed-in user; body `{ items: [{ product_id, quantity }], shipping_address, ' +
      'payment_method }`, answer `{ data: { orderId, paymentUrl, total, order_token } }`, ' +
      'errors ' +
      '`{ errors: [{ message }] }`; 500 when Stripe cannot open the session.',
    tags: ['Shop'],
    headers: idempotencyHeaders,
    body: authenticatedCheckoutInput,
    responses: {
      201: {
        description: 'Order placed',
        schema: authenticatedCheckoutOutput,
        headers: replayedHeaders,
      },
      422: keyReused('errors'),
    },
    errors: ['conflict', 'internal_error'],
  },
  handler: async (req) => {
    const input = parseInput(authenticatedCheckoutInput, await readJsonBody(req))
    const idempotency = idempotencyOf(req, 'authenticated', input)
    const result = await checkout({
      req,
      lines: input.items.map((item) => ({ productId: item.product_id, quantity: item.quantity })),
      customerEmail: String(req.user!.email),
      shippingAddress: input.shipping_address,
      userId: signedInUserId(req),
      clientAddress: requestAddress(req),
      idempotency,
    }).catch((error: unknown) => {
      // This variant answers 500 to every failure other than 400, 401 and 409 (its documented
      // errors): a payment provider failure, 502 in the guest variant, is a 500 here.
      if (error instanceof HttpError && error.code === 'bad_gateway') {
        throw new HttpError({ code: 'internal_error', message: error.message })
      }
      throw error
    })
    const body: z.input<typeof authenticatedCheckoutOutput> = {
      data: {
        orderId: result.orderId,
        paymentUrl: result.paymentUrl,
        total: result.total,
        order_token: result.orderToken,
      },
    }
    return placed(body, result.isReplay)
  },
})

// The variant follows the configuration (`CHECKOUT_REQUIRE_AUTH`).
export const checkoutEndpoint: Endpoint = {
  path: '/checkout',
  method: 'post',
  custom: {
    openapi: {
      summary: 'Check out a cart',
      description:
        'Turns a cart into a `pending` order and opens a Stripe Checkout Session (card, `rub`); ' +
        "names and prices come from the database, stock is held in the order's transaction. " +
        'A deployment serves one of two variants: the guest one, or the authenticated one ' +
        'when `CHECKOUT_REQUIRE_AUTH=true`; this document describes the one it serves.',
      variants: [guestCheckout.custom!.openapi, authenticatedCheckout.custom!.openapi],
      served: (config) => (config.checkout.requiresAuth ? 1 : 0),
    } satisfies VariantOperation,
  },
  handler: (req) =>
    configOf(req.payload).checkout.requiresAuth
      ? authenticatedCheckout.handler(req)
      : guestCheckout.handler(req),
}
