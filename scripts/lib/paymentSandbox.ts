import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { loadConfig } from '../../src/composition/loadConfig'
import { sandboxWebhookSecret } from '../../src/shop/paymentSandbox/paymentSandboxSettings'
import { ensureDir } from './embeddedPostgres'
import { dataDir } from './environment'

/**
 * Says at start whether checkout has a payment provider. While the payment sandbox is on (no
 * `STRIPE_SECRET_KEY`; `src/shop/paymentSandbox/paymentSandboxSettings.ts`) it signs its events
 * with `STRIPE_WEBHOOK_SECRET` and the app verifies them with it: when that is unset, one is
 * generated once and kept in `.data/`, as `PAYLOAD_SECRET` is.
 */
export async function providePaymentSandbox() {
  const settings = loadConfig(process.env).paymentSandbox
  if (!settings.isOn) {
    if (!process.env.STRIPE_SECRET_KEY) {
      console.log(`[payments] No payment provider, checkout answers 502: ${settings.why}`)
    }
    return
  }
  if (!process.env.STRIPE_WEBHOOK_SECRET) {
    await ensureDir(dataDir)
    const file = path.join(dataDir, 'payment-sandbox-webhook-secret')
    let secret = (await readFile(file, 'utf8').catch(() => '')).trim()
    if (!secret) {
      secret = sandboxWebhookSecret()
      await writeFile(file, secret, { mode: 0o600 })
    }
    process.env.STRIPE_WEBHOOK_SECRET = secret
  }
  const warning = settings.isProduction ? ' Never use it for a real shop.' : ''
  console.log(
    `[payments] Payment sandbox ON (${settings.why}): checkout opens test payment pages served by this app at /payment-sandbox/<session>.${warning}`,
  )
}
