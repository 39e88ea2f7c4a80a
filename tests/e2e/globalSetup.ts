import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

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
  // The pictures the editors' tests upload, kept out of the working copy's media directory.
  const mediaDirectory = await mkdtemp(path.join(os.tmpdir(), 'e2e-media-'))
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
      // Every browser test's login and portal link comes from 127.0.0.1 too: the credentials
      // limit per address is tried with its defaults in tests/int/credentialThrottling.test.ts.
      RATE_LIMIT_CREDENTIALS: '1000/600',
      // And every anonymous call of every browser test (Payload's routes count too since issue
      // 50): the per-caller limits are tried with their defaults in
      // tests/int/payloadRouteLimits.test.ts and tests/int/rateLimit.test.ts; the editors' own
      // budget keeps its default here (tests/e2e/editorsBudget.test.ts).
      RATE_LIMIT_DEFAULT: '100000/60',
      MEDIA_DIRECTORY: mediaDirectory,
      // A publication scheduled in a test happens within a second of its time.
      JOBS_POLL_SECONDS: '1',
      // The browser tests written before review stages publish articles as editors; review is
      // required in tests/int/workflowStages.test.ts.
      REVIEW_REQUIRED_FOR: 'none',
    },
  })
  project.provide('baseUrl', app.baseUrl)
  project.provide('stripeWebhookSecret', stripeWebhookSecret)
  project.provide('databaseUrl', app.databaseUrl)
  return async () => {
    await app.stop()
    await rm(mediaDirectory, { recursive: true, force: true })
  }
}
