import { randomBytes } from 'node:crypto'

import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { isAppServer } from '@/lifecycle/appServer'
import { paymentSandboxSettings } from './paymentSandboxSettings'
import { expireRunOutSessions, sendDueEvents } from './settleSessions'

/** How often the sandbox looks for sessions that ran out and events to send again. */
const intervalMs = 5_000

const running = Symbol.for('content-shop.paymentSandbox')
type WithSandbox = typeof globalThis & { [running]?: NodeJS.Timeout }

/**
 * Payload's `onInit`: while the payment sandbox is on, says so in the log (a warning under
 * `NODE_ENV=production`) and, in the app server, every few seconds expires the sessions that
 * ran out (sending `checkout.session.expired`) and sends again the events the shop has not
 * accepted. Sessions live in the database, so a session that ran out while the app was down is
 * expired at the first pass after it starts. Without `STRIPE_WEBHOOK_SECRET` (the app was
 * started without `npm run dev` / `npm start`, which keep one in `.data/`), one is made up for
 * this process. Returns what stops it (registered with the app's background work), or nothing
 * when it does not run here.
 */
export function startPaymentSandboxInApp(
  payload: Payload,
): { stop: () => Promise<void> } | undefined {
  const settings = paymentSandboxSettings(process.env)
  if (!settings.isOn) return undefined
  if (!isAppServer()) return undefined
  const global = globalThis as WithSandbox
  if (global[running]) return undefined

  if (!process.env.STRIPE_WEBHOOK_SECRET) {
    process.env.STRIPE_WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`
    payload.logger.warn(
      'Payment sandbox: STRIPE_WEBHOOK_SECRET was unset; made one for this process',
    )
  }
  const line = `Payment sandbox ON (${settings.why}): checkout opens test sessions at /payment-sandbox/<id>, served by this app`
  if (settings.isProduction) payload.logger.warn(`${line}. Never use it for a real shop.`)
  else payload.logger.info(line)

  const pool = postgres(payload).pool
  let pass: Promise<void> | undefined
  const settle = async () => {
    try {
      const now = new Date()
      const expired = await expireRunOutSessions({ pool, now, appAddress: settings.appAddress })
      if (expired.length)
        payload.logger.info(`Payment sandbox: ${expired.length} session(s) expired`)
      await sendDueEvents({ pool, now, appAddress: settings.appAddress })
    } catch (err) {
      payload.logger.error({ msg: 'Payment sandbox: the expiry pass failed', err })
    }
  }
  global[running] = setInterval(() => {
    pass ??= settle().finally(() => {
      pass = undefined
    })
  }, intervalMs)
  global[running].unref()
  return {
    stop: async () => {
      clearInterval(global[running])
      global[running] = undefined
      await pass
    },
  }
}
