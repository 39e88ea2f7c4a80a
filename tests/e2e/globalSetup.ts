import type { TestProject } from 'vitest/node'

import { startFakeStripe } from '../helpers/fakeStripe'
import { startApp } from '../helpers/startApp'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the production build of the app answers. */
    baseUrl: string
    /** The webhook signing secret the app was given (to sign Stripe events in tests). */
    stripeWebhookSecret: string
  }
}

const stripeWebhookSecret = 'whsec_e2e_secret'

/**
 * The app as `npm start` serves it, on a throwaway database, for the browser tests; its
 * Stripe client talks to a fake of Stripe's API running in this process.
 */
export default async function setup(project: TestProject) {
  const stripe = await startFakeStripe()
  const app = await startApp({
    showOutput: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_API_BASE: stripe.baseUrl,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    },
  }).catch(async (error) => {
    await stripe.stop()
    throw error
  })
  project.provide('baseUrl', app.baseUrl)
  project.provide('stripeWebhookSecret', stripeWebhookSecret)
  return async () => {
    await app.stop()
    await stripe.stop()
  }
}
