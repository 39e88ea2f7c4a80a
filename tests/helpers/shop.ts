import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import type { Product } from '../../src/payload-types'
import { startFakeStripe } from './fakeStripe'
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
