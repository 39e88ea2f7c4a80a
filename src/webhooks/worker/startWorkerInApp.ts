import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { startWebhookWorker, type WebhookWorker } from './worker'

const running = Symbol.for('content-shop.webhookWorker')
type WithWorker = typeof globalThis & { [running]?: Promise<WebhookWorker> }

/**
/**
 * Whether this process runs a webhook worker of its own: the app server (`next start`/`next
 * dev`) does unless `WEBHOOK_WORKER=off`; scripts, builds and test processes never do.
 */
export function isWorkerInAppEnabled(payload: Payload) {
  const config = configOf(payload)
  return config.isAppServer && config.webhooks.isWorkerInApp
}

/** This process's in-app worker: starting or running; undefined before its start or after it failed. */
export const workerInApp = () => (globalThis as WithWorker)[running]

/**
 * Runs a webhook worker inside the app server when `isWorkerInAppEnabled` (with
 * `WEBHOOK_WORKER=off`, run `npm run worker` processes instead); started at boot by
 * `src/lifecycle`. One per process, even across hot reloads.
 */
export async function startWorkerInApp(payload: Payload): Promise<WebhookWorker | undefined> {
  if (!isWorkerInAppEnabled(payload)) return undefined
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
