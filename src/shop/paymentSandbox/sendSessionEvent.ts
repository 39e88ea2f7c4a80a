import type { Pool } from 'pg'
import Stripe from 'stripe'

import { eventRetryDelaySeconds } from './sandboxSessionModel'
import { recordEventAttempt, type SandboxSessionRow } from './sandboxSessionStore'

/** The app's Stripe webhook, where the sandbox sends its events as Stripe would. */
export const stripeWebhookPath = '/api/orders/webhook/stripe'

/** How long the sandbox waits for the shop's answer (a `next dev` route may still be compiling). */
const sendTimeoutMs = 60_000

/**
 * Sends the event a session owes the shop to the app's Stripe webhook, signed with
 * `STRIPE_WEBHOOK_SECRET` exactly as Stripe signs (`Stripe-Signature: t=...,v1=...` over the
 * raw body, by the SDK's own helper), and records the outcome: accepted on a 2xx, else tried
 * again later. Returns the error, or null when the shop accepted it.
 */
export async function sendSessionEvent(args: {
  pool: Pool
  row: SandboxSessionRow
  shop: ShopWebhook
}): Promise<string | null> {
  const { row } = args
  if (!row.event) return null
  const error = await post(args.shop, row.event).catch((thrown: unknown) =>
    thrown instanceof Error ? thrown.message : String(thrown),
  )
  await recordEventAttempt(args.pool, {
    id: row.id,
    error,
    retryInSeconds: eventRetryDelaySeconds(row.eventAttempts + 1),
    now: new Date(),
  })
  return error
}

/** Where the shop takes Stripe's events, and the secret they are signed with. */
export type ShopWebhook = {
  /** This app's address (`paymentSandbox.appAddress`). */
  appAddress: string
  /** `STRIPE_WEBHOOK_SECRET`, or the one made for this process. */
  secret: string | undefined
}

/**
 * Posts one event to the shop's Stripe webhook, signed as Stripe signs it; the error, or null
 * when the shop accepted it.
 */
export async function post(
  { appAddress, secret }: ShopWebhook,
  event: Stripe.Event,
): Promise<string | null> {
  if (!secret) return 'STRIPE_WEBHOOK_SECRET is not set'
  const payload = JSON.stringify(event, null, 2)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })
  const response = await fetch(`${appAddress}${stripeWebhookPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'payment-sandbox (Stripe-compatible)',
    },
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(sendTimeoutMs),
  })
  const text = await response.text().catch(() => '')
  return response.ok ? null : `HTTP ${response.status}: ${text.slice(0, 200)}`
}
