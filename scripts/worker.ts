/**
 * `npm run worker`: a webhook worker on its own, for scale-out (run any number, on any number
 * of machines, beside or instead of the one inside the app: set `WEBHOOK_WORKER=off` on the app
 * to keep sending out of the web processes). Stops cleanly on Ctrl-C / SIGTERM.
 */
import { getPayload } from 'payload'

import { startWorkerHttpServer } from '../src/observability/server/workerHttpServer'
import { startWebhookWorker } from '../src/webhooks/worker/worker'
import { closePayload } from './lib/closePayload'
import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { checkWebhookSettings } from './lib/checkWebhookSettings'
import { holdOpen } from './lib/holdOpen'

const release = holdOpen()
const isProduction = process.env.NODE_ENV === 'production'
loadEnvironment(!isProduction)
checkWebhookSettings()
const cluster = await provideDatabase(isProduction ? 'app' : 'app_dev')
await provideSecret()
const { default: config } = await import('@payload-config')

const payload = await getPayload({ config })
const worker = await startWebhookWorker(payload)
const httpServer = await startWorkerHttpServer({ payload, worker }) // health, metrics
payload.logger.info('Webhook worker running')
release()

let isStopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (isStopping) return
    isStopping = true
    payload.logger.info('Webhook worker stopping')
    await httpServer?.close()
    await worker.stop()
    await closePayload(payload)
    await cluster?.stop()
    process.exit(0)
  })
}
