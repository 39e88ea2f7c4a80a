import { createHmac } from 'node:crypto'

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
 * - otherwise on.
 */
export function paymentSandboxSettings(
  env: Record<string, string | undefined>,
): PaymentSandboxSettings {
  const flag = env.PAYMENT_SANDBOX ?? ''
  if (!['', 'true', 'false'].includes(flag)) {
    throw new Error(`PAYMENT_SANDBOX must be true or false; got "${flag}"`)
  }
  if (env.STRIPE_SECRET_KEY) {
    return {
      isOn: false,
      why: `STRIPE_SECRET_KEY is set: payments go to Stripe${flag === 'true' ? ' (PAYMENT_SANDBOX=true is ignored)' : ''}`,
    }
  }
  if (flag === 'false') return { isOn: false, why: 'PAYMENT_SANDBOX=false' }
  const isProduction = env.NODE_ENV === 'production'
  if (isProduction && flag !== 'true') {
    return {
      isOn: false,
      why: 'NODE_ENV=production without STRIPE_SECRET_KEY or PAYMENT_SANDBOX=true',
    }
  }
  const appAddress = (env.STRIPE_API_BASE || `http://127.0.0.1:${env.PORT || 3000}`).replace(
    /\/+$/,
    '',
  )
  return {
    isOn: true,
    isProduction,
    why: isProduction
      ? 'PAYMENT_SANDBOX=true: payments are simulated, nothing is charged'
      : 'STRIPE_SECRET_KEY is not set: payments are simulated, nothing is charged',
    appAddress,
  }
}

/**
 * The secret key the app's Stripe client presents to the sandbox, derived from
 * `PAYLOAD_SECRET`: only this deployment can open or expire sandbox sessions through its API.
 */
export function paymentSandboxApiKey(payloadSecret: string): string {
  const digest = createHmac('sha256', payloadSecret).update('payment-sandbox-api-key').digest('hex')
  return `sk_test_sandbox_${digest.slice(0, 32)}`
}
