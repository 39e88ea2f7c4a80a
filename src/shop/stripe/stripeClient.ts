import Stripe from 'stripe'

/**
 * The only module that talks to Stripe. Configured from the environment on each use, so that
 * tests and tools can point it elsewhere:
 * - `STRIPE_SECRET_KEY` (required to open payment sessions);
 * - `STRIPE_WEBHOOK_SECRET` (required to accept webhook events);
 * - `STRIPE_API_BASE`, e.g. `http://127.0.0.1:12111`: another address for Stripe's API (the
 *   fake in the tests, stripe-mock), passed to the SDK as `protocol`, `host` and `port`;
 * - `STRIPE_MAX_NETWORK_RETRIES` (default 2) and `STRIPE_TIMEOUT_MS` (default 20000).
 */
let cached: { signature: string; client: Stripe } | undefined

function stripeClient(): Stripe {
  const env = process.env
  const signature = [
    env.STRIPE_SECRET_KEY,
    env.STRIPE_API_BASE,
    env.STRIPE_MAX_NETWORK_RETRIES,
    env.STRIPE_TIMEOUT_MS,
  ].join('|')
  if (cached?.signature === signature) return cached.client
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: Number(env.STRIPE_MAX_NETWORK_RETRIES ?? 2),
    timeout: Number(env.STRIPE_TIMEOUT_MS || 20_000),
    telemetry: false,
    ...(base && {
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
    }),
  })
  cached = { signature, client }
  return client
}

/** Opens a Checkout Session; Stripe answers a retried key with the session it already made. */
export async function createCheckoutSession(
  params: Stripe.Checkout.SessionCreateParams,
  idempotencyKey: string,
): Promise<Stripe.Checkout.Session> {
  return stripeClient().checkout.sessions.create(params, { idempotencyKey })
}

/** Why a webhook request was refused. */
export class InvalidWebhookSignature extends Error {}

/**
 * The event of a webhook request whose `Stripe-Signature` header matches the raw body (as
 * received, byte for byte) under `STRIPE_WEBHOOK_SECRET`; throws `InvalidWebhookSignature`.
 */
export function verifyWebhookEvent(rawBody: string, signatureHeader: string): Stripe.Event {
  const secret = process.env.STRIPE_WEBHOOK_SECRET
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set')
  try {
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret)
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : String(error))
  }
}

export type { Stripe }
