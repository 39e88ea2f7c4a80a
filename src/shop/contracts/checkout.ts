import countries from 'i18n-iso-countries'
import { z } from 'zod'

import { isCountryCode } from '../countryCode'
import {
  idempotencyKeyHeader,
  idempotencyKeySchema,
  idempotentReplayedHeader,
} from '../idempotency/idempotencyKey'
import {
  cartLinesSchema,
  productIdSchema,
  quantitySchema,
  shippingAddressSchema,
} from '../inputSchemas'

/** Every code `isCountryCode` accepts, upper case, for the reference. */
const countryCodes = Object.keys(countries.getAlpha2Codes()).filter(isCountryCode).sort()

/** Text the server trims before its `min(1)`: the reference asks for a non-blank character. */
const nonBlank = <Schema extends z.ZodString>(schema: Schema) => schema.meta({ pattern: '\\S' })

/**
 * The shipping address as validated, with what its trimming and its country check mean said in
 * the reference (neither survives the conversion to JSON Schema on its own).
 */
const shippingAddress = shippingAddressSchema.extend({
  name: nonBlank(shippingAddressSchema.shape.name),
  line1: nonBlank(shippingAddressSchema.shape.line1),
  city: nonBlank(shippingAddressSchema.shape.city),
  postal_code: nonBlank(shippingAddressSchema.shape.postal_code),
  country: shippingAddressSchema.shape.country.meta({
    description: 'ISO 3166-1 alpha-2 country code (lower case is accepted too)',
    override: { enum: countryCodes },
  }),
})

/** Guest checkout body: `{ items: [{ productId, quantity }], customerEmail, shippingAddress }`. */
export const guestCheckoutInput = z
  .object({
    items: cartLinesSchema(z.object({ productId: productIdSchema, quantity: quantitySchema })),
    customerEmail: z.email('must be an e-mail address').max(254),
    shippingAddress,
  })
  .meta({ id: 'GuestCheckout' })

/** The order's token in a checkout's answer (both variants). */
const orderToken = z
  .string()
  .optional()
  .describe(
    "A secret bound to this order, given only here: keep it (the order page reads the order with it in `X-Order-Token` at `GET /api/v1/orders/{id}`). The same on a replay of the checkout (`Idempotency-Key`); absent only on a replay after the server's `PAYLOAD_SECRET` changed. Stored hashed: lost, it cannot be given again.",
  )

/** Guest checkout answer (201). */
export const guestCheckoutOutput = z
  .object({
    orderId: z.number().int(),
    paymentUrl: z
      .url()
      .describe(
        "Stripe's hosted payment page (the payment sandbox's test page while it is on): send the buyer there",
      ),
    order_token: orderToken,
  })
  .meta({ id: 'GuestCheckoutResult' })

/** Authenticated checkout body: `{ items: [{ product_id, quantity }], shipping_address, payment_method }`. */
export const authenticatedCheckoutInput = z
  .object({
    items: cartLinesSchema(z.object({ product_id: productIdSchema, quantity: quantitySchema })),
    shipping_address: shippingAddress,
    /** Only cards are offered; absent means `card`. */
    payment_method: z.literal('card', 'only card is accepted').default('card'),
  })
  .meta({ id: 'AuthenticatedCheckout' })

/** Authenticated checkout answer (201). */
export const authenticatedCheckoutOutput = z
  .object({
    data: z.object({
      orderId: z.number().int(),
      paymentUrl: z
        .url()
        .describe(
          "Stripe's hosted payment page (the payment sandbox's test page while it is on): send the buyer there",
        ),
      total: z.number().describe('Sum of price times quantity, in roubles'),
      order_token: orderToken,
    }),
  })
  .meta({ id: 'AuthenticatedCheckoutResult' })

/** The optional `Idempotency-Key` request header, as both variants read it. */
export const idempotencyHeaders = z.object({
  [idempotencyKeyHeader]: idempotencyKeySchema.optional(),
})

/** What a 201 answer may carry besides its body. */
export const replayedHeaders = z.object({
  [idempotentReplayedHeader]: z
    .literal('true')
    .optional()
    .describe(
      'Present on an answer given again for a repeated `Idempotency-Key`: the order it names was placed by the first request',
    ),
})
