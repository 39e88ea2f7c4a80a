import { custom, flag, httpAddress, onOff, text, wholeNumber } from '@/config/readers'
import type { AppConfig } from '@/config/appConfig'
import { optional, seconds, setting, type ValuesOf } from '@/config/variables'
import type { CheckoutSettings } from './checkoutSettings'
import type { OrderNoticeSettings } from './notices/orderNoticeSettings'
import type { OrderSweepSettings } from './orderSweepSettings'
import {
  paymentSandboxSettings,
  sandboxWebhookSecret,
  type PaymentSandboxSettings,
} from './paymentSandbox/paymentSandboxSettings'

declare module '@/config/appConfig' {
  interface AppConfig {
    checkout: CheckoutSettings
    orderSweep: OrderSweepSettings & {
      /** `ORDER_SWEEPER=on`: the app server sweeps. */
      isOn: boolean
    }
    /** `ORDER_NOTICE_*`: the buyers' e-mails. */
    orderNotices: OrderNoticeSettings
    stripe: StripeSettings
    paymentSandbox: PaymentSandboxSettings
  }
}

/** Stripe's API as this deployment reaches it (`src/shop/stripe/stripeClient.ts`). */
export type StripeSettings = {
  /** `STRIPE_SECRET_KEY`; unset, the payment sandbox may stand in. */
  secretKey?: string
  /** `STRIPE_WEBHOOK_SECRET` (or the one made for this process while the sandbox is on). */
  webhookSecret?: string
  /** The sandbox is on and `STRIPE_WEBHOOK_SECRET` was unset: one was made for this process. */
  isWebhookSecretMadeUp: boolean
  /** `STRIPE_API_BASE`: another address for Stripe's API. */
  apiBase?: string
  /** `STRIPE_MAX_NETWORK_RETRIES`. */
  maxNetworkRetries: number
  /** `STRIPE_TIMEOUT_MS`, else 20 s (two minutes with the sandbox). */
  timeoutMs: number
}

/** The variables of checkout: its variant and limits, the buyers' e-mails, the order sweeper. */
export const checkoutVariables = {
  CHECKOUT_REQUIRE_AUTH: setting({
    group: 'Checkout',
    description:
      '`true`: the authenticated variant of checkout (Bearer token or API key, `{ data }` answers); `false`: the guest variant.',
    reader: custom('`true`; anything else is the guest variant', (raw) => raw.trim() === 'true'),
    fallback: 'false',
  }),
  FRONTEND_URL: setting({
    group: 'Checkout',
    description:
      'Storefront address; Stripe returns buyers to `<FRONTEND_URL>/order/<id>/success` or `/cart`.',
    reader: httpAddress,
    fallback: 'http://localhost:3000',
    isEssential: true,
  }),
  CHECKOUT_SESSION_TTL_MINUTES: setting({
    group: 'Checkout',
    description: 'Minutes a payment session stays open: how long unpaid orders hold stock.',
    reader: wholeNumber({ min: 30, max: 1440 }),
    fallback: '60',
  }),
  CHECKOUT_MAX_PENDING_ORDERS: setting({
    group: 'Checkout',
    description: 'Unpaid orders one client address, and one e-mail address, may hold at once.',
    reader: wholeNumber({ min: 1, max: 1_000_000 }),
    fallback: '5',
  }),
  CHECKOUT_MAX_HELD_UNITS: setting({
    group: 'Checkout',
    description: 'Units those unpaid orders may hold in all, per client address and per e-mail.',
    reader: wholeNumber({ min: 1, max: 1_000_000_000 }),
    fallback: '50',
  }),
  ORDER_NOTICE_INTERVAL_SECONDS: setting({
    group: 'Checkout',
    description: "Seconds between looks for buyers' e-mails (receipts, refund notices) to send.",
    reader: seconds({ min: 0.1, max: 3600 }),
    fallback: '10',
  }),
  ORDER_NOTICE_RETRY_SECONDS: setting({
    group: 'Checkout',
    description: "First pause after a failed buyer's e-mail (doubling, at most an hour).",
    reader: seconds({ min: 0, max: 3600 }),
    fallback: '60',
  }),
  ORDER_SWEEP_MARGIN_MINUTES: setting({
    group: 'Checkout',
    description:
      'A pending order older than the session lifetime plus this is swept: asked about at Stripe, then marked paid or expired with its stock released.',
    reader: wholeNumber({ min: 0, max: 1440 }),
    fallback: '10',
  }),
  ORDER_SWEEP_INTERVAL_SECONDS: setting({
    group: 'Checkout',
    description: 'Seconds between the end of one sweep of stale orders and the next.',
    reader: wholeNumber({ min: 1, max: 86_400 }),
    fallback: '60',
  }),
  ORDER_SWEEPER: setting({
    group: 'Checkout',
    description:
      '`off`: this app server does not sweep stale pending orders (another instance does).',
    reader: onOff,
    fallback: 'on',
  }),
}

/** The variables of Stripe and the payment sandbox that stands in for it. */
export const stripeVariables = {
  STRIPE_SECRET_KEY: optional({
    group: 'Stripe and the payment sandbox',
    description: 'Stripe secret key (test mode: `sk_test_...`).',
    reader: text,
    unset:
      'outside production, checkout uses the payment sandbox this app serves (nothing is charged)',
    isEssential: true,
  }),
  STRIPE_WEBHOOK_SECRET: optional({
    group: 'Stripe and the payment sandbox',
    description:
      'Signing secret of the Stripe webhook endpoint (`whsec_...`; `stripe listen` prints one).',
    reader: text,
    unset:
      'with the sandbox, `npm run dev` and `npm start` keep one in `.data/`; a process started otherwise makes one for itself',
    isEssential: true,
  }),
  PAYMENT_SANDBOX: optional({
    group: 'Stripe and the payment sandbox',
    description:
      '`true`: run the payment sandbox under `NODE_ENV=production` too (test deployments only); `false`: no sandbox. Ignored when `STRIPE_SECRET_KEY` is set.',
    reader: flag,
    unset: 'on outside production when `STRIPE_SECRET_KEY` is unset',
  }),
  STRIPE_API_BASE: optional({
    group: 'Stripe and the payment sandbox',
    description: 'Another address for Stripe\u2019s API, such as a local fake or stripe-mock.',
    reader: httpAddress,
    unset: 'Stripe itself; with the sandbox, this app at `http://127.0.0.1:$PORT`',
  }),
  STRIPE_MAX_NETWORK_RETRIES: setting({
    group: 'Stripe and the payment sandbox',
    description: 'Automatic retries of a failed Stripe request (same idempotency key).',
    reader: wholeNumber({ min: 0, max: 10 }),
    fallback: '2',
  }),
  STRIPE_TIMEOUT_MS: optional({
    group: 'Stripe and the payment sandbox',
    description: 'Timeout of one Stripe request in milliseconds.',
    reader: wholeNumber({ min: 1 }),
    unset: '20000; 120000 with the sandbox',
  }),
}

/** The shop's part of the configuration. */
export type ShopSettings = Pick<
  AppConfig,
  'checkout' | 'orderSweep' | 'orderNotices' | 'stripe' | 'paymentSandbox'
>

/**
 * The shop's settings from its variables' values. The payment sandbox depends on the process:
 * off in production unless asked for, and answering at the app's own port.
 */
export function shopSettings(
  v: ValuesOf<typeof checkoutVariables> & ValuesOf<typeof stripeVariables>,
  { isProduction, port }: { isProduction: boolean; port: number },
): ShopSettings {
  const paymentSandbox = paymentSandboxSettings({
    hasStripeKey: Boolean(v.STRIPE_SECRET_KEY),
    flag: v.PAYMENT_SANDBOX,
    isProduction,
    appAddress: v.STRIPE_API_BASE ?? `http://127.0.0.1:${port}`,
  })
  const madeUpWebhookSecret =
    !v.STRIPE_WEBHOOK_SECRET && paymentSandbox.isOn ? sandboxWebhookSecret() : undefined
  return {
    checkout: {
      requiresAuth: v.CHECKOUT_REQUIRE_AUTH,
      frontendUrl: v.FRONTEND_URL,
      sessionTtlMinutes: v.CHECKOUT_SESSION_TTL_MINUTES,
      maxPendingOrders: v.CHECKOUT_MAX_PENDING_ORDERS,
      maxHeldUnits: v.CHECKOUT_MAX_HELD_UNITS,
    },
    orderSweep: {
      isOn: v.ORDER_SWEEPER,
      marginMinutes: v.ORDER_SWEEP_MARGIN_MINUTES,
      intervalSeconds: v.ORDER_SWEEP_INTERVAL_SECONDS,
      staleAfterMinutes: v.CHECKOUT_SESSION_TTL_MINUTES + v.ORDER_SWEEP_MARGIN_MINUTES,
    },
    orderNotices: {
      intervalMs: v.ORDER_NOTICE_INTERVAL_SECONDS * 1000,
      retryBaseSeconds: v.ORDER_NOTICE_RETRY_SECONDS,
    },
    stripe: {
      secretKey: v.STRIPE_SECRET_KEY,
      webhookSecret: v.STRIPE_WEBHOOK_SECRET ?? madeUpWebhookSecret,
      isWebhookSecretMadeUp: Boolean(madeUpWebhookSecret),
      apiBase: v.STRIPE_API_BASE,
      maxNetworkRetries: v.STRIPE_MAX_NETWORK_RETRIES,
      timeoutMs: v.STRIPE_TIMEOUT_MS ?? (paymentSandbox.isOn ? 120_000 : 20_000),
    },
    paymentSandbox,
  }
}
