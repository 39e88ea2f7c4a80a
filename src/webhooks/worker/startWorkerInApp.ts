import type { Payload } from 'payload'

import { startWebhookWorker, type WebhookWorker } from './worker'

const running = Symbol.for('content-shop.webhookWorker')
type WithWorker = typeof globalThis & { [running]?: Promise<WebhookWorker> }

/**
 * Payload's `onInit`: runs a webhook worker inside the app server (`next start`/`next dev`),
 * unless `WEBHOOK_WORKER=off` (then run `npm run worker` processes instead). Scripts, builds
 * and test processes never start one by themselves. One per process, even across hot reloads.
 */
export async function startWorkerInApp(payload: Payload) {
  const isAppServer =
    Boolean(process.env.NEXT_RUNTIME) && process.env.NEXT_PHASE !== 'phase-production-build'
  if (!isAppServer || process.env.WEBHOOK_WORKER === 'off' || process.env.VITEST) return
  const global = globalThis as WithWorker
  global[running] ??= startWebhookWorker(payload).then((worker) => {
    payload.logger.info('Webhook worker started in the app process')
    return worker
  })
  await global[running].catch((err: unknown) => {
    global[running] = undefined
    payload.logger.error({ msg: 'The webhook worker could not start', err })
  })
}
