import type { Payload } from 'payload'

import { startWebhookWorker, type WebhookWorker } from './worker'

const running = Symbol.for('content-shop.webhookWorker')
type WithWorker = typeof globalThis & { [running]?: Promise<WebhookWorker> }

/**
 * Runs a webhook worker inside the app server (started from `src/lifecycle`'s boot, in the app
 * server only), unless `WEBHOOK_WORKER=off` (then run `npm run worker` processes instead). One
 * per process, even across hot reloads.
 */
export async function startWorkerInApp(payload: Payload): Promise<WebhookWorker | undefined> {
  if (process.env.WEBHOOK_WORKER === 'off') return undefined
  const global = globalThis as WithWorker
  global[running] ??= startWebhookWorker(payload).then((worker) => {
    payload.logger.info('Webhook worker started in the app process')
    return worker
  })
  return global[running].catch((err: unknown) => {
    global[running] = undefined
    payload.logger.error({ msg: 'The webhook worker could not start', err })
    return undefined
  })
}
