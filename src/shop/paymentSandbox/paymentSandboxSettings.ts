import { createHmac, randomBytes } from 'node:crypto'

/** Whether this deployment opens payment sessions in the built-in payment sandbox, and why. */
export type PaymentSandboxSettings =
  | {
      isOn: true
      /** One line for the log: why the sandbox is on. */
      why: string
      /** Whether it runs under `NODE_ENV=production` (by `PAYMENT_SANDBOX=true`). */
      isProduction: boolean
      /**
       * Where this app answers for the Stripe SDK and the sandbox's own webhook calls:
       * `STRIPE_API_BASE`, else `http://127.0.0.1:$PORT` (the app's server listens there).
       */
      appAddress: string
    }
  | { isOn: false; why: string }

/**
 * The payment sandbox is the default where no Stripe key is configured, outside production:
 * - `STRIPE_SECRET_KEY` set: off, payments go to Stripe (`PAYMENT_SANDBOX` is ignored);
 * - `PAYMENT_SANDBOX=false`: off (checkout answers 502, as with no provider at all);
 * - `NODE_ENV=production`: off unless `PAYMENT_SANDBOX=true`;
 * - otherwise on, answering at `appAddress` (`STRIPE_API_BASE`, else `http://127.0.0.1:$PORT`).
 */
export function paymentSandboxSettings(args: {
  hasStripeKey: boolean
  flag: boolean | undefined
  isProduction: boolean
  appAddress: string
}): PaymentSandboxSettings {
  const { hasStripeKey, flag, isProduction } = args
  if (hasStripeKey) {
    return {
      isOn: false,
      why: `STRIPE_SECRET_KEY is set: payments go to Stripe${flag === true ? ' (PAYMENT_SANDBOX=true is ignored)' : ''}`,
    }
  }
  if (flag === false) return { isOn: false, why: 'PAYMENT_SANDBOX=false' }
  if (isProduction && flag !== true) {
    return {
      isOn: false,
      why: 'NODE_ENV=production without STRIPE_SECRET_KEY or PAYMENT_SANDBOX=true',
    }
  }
  return {
    isOn: true,
    isProduction,
    why: isProduction
      ? 'PAYMENT_SANDBOX=true: payments are simulated, nothing is charged'
      : 'STRIPE_SECRET_KEY is not set: payments are simulated, nothing is charged',
    appAddress: args.appAddress.replace(/\/+$/, ''),
  }
}

/**
 * A new signing secret for the sandbox's webhook events, in Stripe's `whsec_` form: made once
 * and kept in `.data/` by `npm run dev` and `npm start`, or made for one process started
 * otherwise.
 */
export function sandboxWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`
}

/**
 * The secret key the app's Stripe client presents to the sandbox, derived from
 * `PAYLOAD_SECRET`: only this deployment can open or expire sandbox sessions through its API.
 */
export function paymentSandboxApiKey(payloadSecret: string): string {
  const digest = createHmac('sha256', payloadSecret).update('payment-sandbox-api-key').digest('hex')
  return `sk_test_sandbox_${digest.slice(0, 32)}`
}
