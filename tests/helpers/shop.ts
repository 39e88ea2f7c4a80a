import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach } from 'vitest'

import type { Product } from '../../src/payload-types'
import { startFakeStripe, type FakeStripe } from './fakeStripe'
import { getTestPayload } from './payload'
import { restJson } from './rest'
import { handInConfig } from './testConfig'

/** A valid shipping address (both variants use the same fields). */
export const address = {
  name: 'Ivan Petrov',
  line1: 'Tverskaya 1',
  line2: 'apt. 5',
  city: 'Moscow',
  postal_code: '125009',
  country: 'RU',
}

/** A client address of its own (in TEST-NET-3): the holding limits and idempotency keys count per client. */
export const newClientAddress = () => `203.0.113.${randomBytes(1)[0]! % 250}`

/**
 * Settings of a file that sends many requests from one client: the general rate limit (120
 * requests a minute per client unless set) out of the way.
 */
export const generalRateLimitOff = { RATE_LIMIT_DEFAULT: '10000/60' }

/** A checkout body: `quantity` units of product `productId` for `customerEmail`, shipped to `address`. */
export const cartOf = (productId: number, quantity: number, customerEmail: string) => ({
  items: [{ productId, quantity }],
  customerEmail,
  shippingAddress: address,
})

/**
 * `POST /api/orders/checkout` with `body`, from client address `from` (a new one when not
 * given), with an `Idempotency-Key` and a signed-in customer's `token` when given.
 */
export function checkout(args: { body: unknown; key?: string; from?: string; token?: string }) {
  return restJson('POST', '/api/orders/checkout', {
    body: args.body,
    headers: {
      'x-forwarded-for': args.from ?? newClientAddress(),
      ...(args.key !== undefined && { 'idempotency-key': args.key }),
      ...(args.token && { authorization: `Bearer ${args.token}` }),
    },
  })
}

/** Creates a product through the Local API; unique slug, active, stock 10 unless told. */
export async function createProduct(payload: Payload, data: Partial<Product> = {}) {
  const suffix = randomBytes(4).toString('hex')
  return payload.create({
    collection: 'products',
    data: {
      name: `Product ${suffix}`,
      slug: `product-${suffix}`,
      price: 10,
      stock: 10,
      active: true,
      ...data,
    },
  })
}

/** Current stock of a product. */
export async function stockOf(payload: Payload, id: number) {
  return (await payload.findByID({ collection: 'products', id, depth: 0 })).stock
}

/** The settings that point the app's Stripe client at `stripe` (a fake Stripe). */
export const fakeStripeSettings = (stripe: { baseUrl: string }) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake_key',
  STRIPE_API_BASE: stripe.baseUrl,
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
  STRIPE_MAX_NETWORK_RETRIES: '0',
})

/**
 * Starts the fake Stripe and hands `payload` a configuration whose Stripe client talks to it
 * (`fakeStripeSettings`); returns the fake.
 */
export async function useFakeStripe(payload: Payload) {
  const stripe = await startFakeStripe()
  handInConfig(payload, fakeStripeSettings(stripe))
  return stripe
}

/**
 * The set-up of a shop test file. Call it once at the top of the file: `start(settings)` (in
 * `beforeAll`) starts Payload with `settings` (as `getTestPayload` takes them) and a fake Stripe
 * the shop pays through (`useFakeStripe`); the fake stops after the file and, with
 * `resetBeforeEach`, forgets what it recorded before each test. With `startInBeforeAll` (or
 * `settings`), the harness registers that `beforeAll` itself, with `settings`; `payload()` and
 * `stripe()` give what it started.
 */
export function shopHarness({
  resetBeforeEach = false,
  startInBeforeAll = false,
  settings,
}: {
  resetBeforeEach?: boolean
  startInBeforeAll?: boolean
  settings?: Parameters<typeof getTestPayload>[0]
} = {}) {
  let stripe: FakeStripe | undefined
  let payload: Payload | undefined
  afterAll(async () => {
    await stripe?.stop()
  })
  if (resetBeforeEach) beforeEach(() => stripe?.reset())
  const start = async (given?: Parameters<typeof getTestPayload>[0]) => {
    payload = await getTestPayload(given)
    const started = await startFakeStripe()
    handInConfig(payload, fakeStripeSettings(started))
    stripe = started
    return { payload, stripe: started }
  }
  if (startInBeforeAll || settings) {
    beforeAll(async () => {
      await start(settings)
    })
  }
  return {
    start,
    /** The file's Payload, once started. */
    payload: () => {
      if (!payload) throw new Error('shopHarness: start() first (in beforeAll)')
      return payload
    },
    /** The file's fake Stripe, once started. */
    stripe: () => {
      if (!stripe) throw new Error('shopHarness: start() first (in beforeAll)')
      return stripe
    },
  }
}
