import Stripe from 'stripe'

import type { AppConfig } from '@/config/appConfig'
import { paymentSandboxApiKey } from '../paymentSandbox/paymentSandboxSettings'

/** What the Stripe client is built from: a part of the app's configuration (`src/config`). */
export type StripeConfig = Pick<AppConfig, 'stripe' | 'paymentSandbox' | 'identity'>

/**
 * The only module that talks to Stripe, configured by the app's configuration:
 * - `STRIPE_SECRET_KEY` (required to open payment sessions with Stripe);
 * - `STRIPE_WEBHOOK_SECRET` (required to accept webhook events);
 * - `STRIPE_API_BASE`, e.g. `http://127.0.0.1:12111`: another address for Stripe's API (the
 *   fake in the tests, stripe-mock), passed to the SDK as `protocol`, `host` and `port`;
 * - `STRIPE_MAX_NETWORK_RETRIES` and `STRIPE_TIMEOUT_MS`.
 * While the payment sandbox is on (no `STRIPE_SECRET_KEY`;
 * `src/shop/paymentSandbox/paymentSandboxSettings.ts`) the same client talks to the sandbox this
 * app serves, with the sandbox's key, and waits up to two minutes by default (under `next dev`
 * the sandbox's route may still be compiling). One client per configuration.
 */
const clients = new WeakMap<StripeConfig['stripe'], Stripe>()

/** No payment provider is configured: no Stripe key, and the payment sandbox is off. */
export class PaymentProviderNotConfigured extends Error {}

function stripeClient(config: StripeConfig): Stripe {
  const { stripe: settings, paymentSandbox: sandbox } = config
  const cached = clients.get(settings)
  if (cached) return cached
  const key = sandbox.isOn
    ? paymentSandboxApiKey(config.identity.payloadSecret)
    : settings.secretKey
  const apiBase = sandbox.isOn ? sandbox.appAddress : settings.apiBase
  if (!key) {
    throw new PaymentProviderNotConfigured(
      `No payment provider: STRIPE_SECRET_KEY is not set and the payment sandbox is off (${sandbox.why})`,
    )
  }
  const base = apiBase ? new URL(apiBase) : undefined
  const client = new Stripe(key, {
    maxNetworkRetries: settings.maxNetworkRetries,
    timeout: settings.timeoutMs,
    telemetry: false,
    ...(base && {
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
    }),
  })
  clients.set(settings, client)
  return client
}

/** Opens a Checkout Session; Stripe answers a retried key with the session it already made. */
export async function createCheckoutSession(
  config: StripeConfig,
  params: Stripe.Checkout.SessionCreateParams,
  idempotencyKey: string,
): Promise<Stripe.Checkout.Session> {
  return stripeClient(config).checkout.sessions.create(params, { idempotencyKey })
}

/** A Checkout Session as Stripe has it now. */
export async function retrieveCheckoutSession(
  config: StripeConfig,
  sessionId: string,
): Promise<Stripe.Checkout.Session> {
  return stripeClient(config).checkout.sessions.retrieve(sessionId)
}

/**
 * Expires an open Checkout Session: nobody can pay through it afterwards. Stripe refuses (a
 * `StripeInvalidRequestError`) a session that is no longer open, e.g. one paid meanwhile.
 */
export async function expireCheckoutSession(
  config: StripeConfig,
  sessionId: string,
): Promise<Stripe.Checkout.Session> {
  return stripeClient(config).checkout.sessions.expire(sessionId)
}

/**
 * Refunds `amount` minor units of a payment intent. Stripe answers a retried key with the refund
 * it already made, and refuses (a `StripeInvalidRequestError`) an amount above what is left.
 */
export async function createRefund(
  config: StripeConfig,
  params: Stripe.RefundCreateParams,
  idempotencyKey: string,
): Promise<Stripe.Refund> {
  return stripeClient(config).refunds.create(params, { idempotencyKey })
}

/** Every refund of a payment intent as Stripe has it now, newest first. */
export async function listRefunds(
  config: StripeConfig,
  paymentIntent: string,
): Promise<Stripe.Refund[]> {
  const refunds: Stripe.Refund[] = []
  for await (const refund of stripeClient(config).refunds.list({
    payment_intent: paymentIntent,
    limit: 100,
  })) {
    refunds.push(refund)
  }
  return refunds
}

/**
 * Whether a failed call says nothing about the session it asked for: Stripe unreachable, timed
 * out, failing, limiting our rate or refusing our key, or no key configured. Only an invalid
 * request (an unknown session, an expiry of a session no longer open) is about the session.
 */
export function isStripeUnavailable(error: unknown): boolean {
  return !(error instanceof Stripe.errors.StripeInvalidRequestError)
}

/** Why a webhook request was refused: no valid signature, or one made too far from now. */
export class InvalidWebhookSignature extends Error {}

/** A correctly signed webhook body that is not JSON. */
export class WebhookBodyNotJson extends Error {}

/** How far, in seconds, a signature's timestamp may be from now, either way (Stripe's default). */
export const webhookToleranceSeconds = 300

/**
 * The `t=` of a `Stripe-Signature` header exactly as Stripe's library reads it (the last one,
 * `parseInt`), which is the timestamp its HMAC covers.
 */
function signedTimestamp(header: string): number {
  let timestamp = Number.NaN
  for (const item of header.split(',')) {
    const [key, value] = item.split('=')
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10)
  }
  return timestamp
}

/**
 * The parsed JSON of a webhook request whose `Stripe-Signature` header matches the raw body (as
 * received, byte for byte) under `STRIPE_WEBHOOK_SECRET`, signed within
 * `webhookToleranceSeconds` of `now` in either direction (Stripe's library checks only the
 * past). Throws `InvalidWebhookSignature`, or `WebhookBodyNotJson` for a signed body that does
 * not parse. Whether the JSON is an event this service understands is the caller's question.
 */
export function verifyWebhookEvent(
  config: StripeConfig,
  rawBody: string,
  signatureHeader: string,
  now: number = Date.now(),
): unknown {
  const secret = config.stripe.webhookSecret
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set')
  const verifier = Stripe.webhooks.signature
  if (!verifier) throw new Error("Stripe's webhook signature helper is missing")
  try {
    verifier.verifyHeader(rawBody, signatureHeader, secret, webhookToleranceSeconds, undefined, now)
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : String(error))
  }
  const skew = Math.floor(now / 1000) - signedTimestamp(signatureHeader)
  if (!(Math.abs(skew) <= webhookToleranceSeconds)) {
    throw new InvalidWebhookSignature('Timestamp outside the tolerance zone')
  }
  try {
    return JSON.parse(rawBody) as unknown
  } catch {
    throw new WebhookBodyNotJson('The signed body is not valid JSON')
  }
}

export type { Stripe }
