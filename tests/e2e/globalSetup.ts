import type { TestProject } from 'vitest/node'

import { startApp } from '../helpers/startApp'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the production build of the app answers. */
    baseUrl: string
    /** The webhook signing secret the app was given (to sign Stripe events in tests). */
    stripeWebhookSecret: string
    /** The app's database (to change a row as the webhook worker does, behind the app's back). */
    databaseUrl: string
  }
}

const stripeWebhookSecret = 'whsec_e2e_secret'

/**
 * The app as `npm start` serves it, on a throwaway database, for the browser tests, with no
 * Stripe key: its payments go to the payment sandbox it serves itself (`PAYMENT_SANDBOX=true`,
 * as production needs to run it), and its webhooks may reach the tests' receivers on loopback.
 */
export default async function setup(project: TestProject) {
  const app = await startApp({
    showOutput: true,
    env: {
      STRIPE_SECRET_KEY: '',
      PAYMENT_SANDBOX: 'true',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback',
      // Every browser test's checkout comes from 127.0.0.1: the bound on what one client holds
      // unpaid is tried with its defaults in tests/int/checkoutHoarding.test.ts.
      CHECKOUT_MAX_PENDING_ORDERS: '1000000',
    },
  })
  project.provide('baseUrl', app.baseUrl)
  project.provide('stripeWebhookSecret', stripeWebhookSecret)
  project.provide('databaseUrl', app.databaseUrl)
  return () => app.stop()
}
