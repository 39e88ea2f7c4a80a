/**
 * `npm run worker`: a webhook worker on its own, for scale-out (run any number, on any number
 * of machines, beside or instead of the one inside the app: set `WEBHOOK_WORKER=off` on the app
 * to keep sending out of the web processes). It also runs Payload's jobs queue (scheduled
 * publications), beside or instead of the app servers (`JOBS=off` on the app): one process at a
 * time runs it (src/lifecycle/operations/startJobRunner.ts). Stops cleanly on Ctrl-C / SIGTERM,
 * within `SHUTDOWN_TIMEOUT_SECONDS`.
 */
import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { checkConfiguration } from './lib/checkConfiguration'
import { refusePrompts } from './lib/refusePrompts.mjs'
import { startupWatchdog, whileLoading } from './lib/startupWatchdog'

refusePrompts()
const started = startupWatchdog('npm run worker')
const isProduction = process.env.NODE_ENV === 'production'
loadEnvironment(!isProduction)
// A worker never changes the schema: outside NODE_ENV=production Payload would push it from the
// collections, and a worker started without NODE_ENV beside production servers marked their
// database as a development one, which the next `npm start` refuses (found by
// tests/e2e/severalMachines.test.ts). The schema is the app's: migrations, or `npm run dev`.
process.env.PAYLOAD_DB_PUSH = 'false'
const shutdownMs = checkConfiguration().shutdownMs
const cluster = await provideDatabase(isProduction ? 'app' : 'app_dev')
await provideSecret()
// The app's modules load in one step with the config, under the stall watchdog. (Imported
// statically before the config's dynamic import, they made that import stall in about one start
// in two: 3 of 6 in a probe, 0 of 8 once everything loads in one step.)
const [
  { default: config },
  { getPayload },
  { startWorkerHttpServer },
  { startWebhookWorker },
  { closePayload },
  { backgroundWork },
  { startJobRunner },
] = await whileLoading(
  'npm run worker',
  Promise.all([
    import('@payload-config'),
    import('payload'),
    import('../src/observability/server/workerHttpServer'),
    import('../src/webhooks/worker/worker'),
    import('../src/db/closePayload'),
    import('../src/lifecycle/backgroundWork'),
    import('../src/lifecycle/operations/startJobRunner'),
  ]),
)

const payload = await getPayload({ config })
const worker = await startWebhookWorker(payload)
// Stopped with this process's other loops (the notice loops Payload's init started, see
// src/lifecycle/operations/startBackgroundWork.ts), 1 s before the process's deadline; sends in
// flight may take until 1 s before that, writing their outcomes needs the rest.
backgroundWork().add({
  name: 'webhook worker',
  stop: (deadline) => worker.stop({ deadline: deadline - 1000 }),
})
const jobRunner = startJobRunner(payload)
backgroundWork().add({ name: 'job runner', stop: () => jobRunner.stop() })
const httpServer = await startWorkerHttpServer({ payload, worker }) // health, metrics
payload.logger.info('Webhook worker running')
started()

// SIGTERM or SIGINT: stop claiming, give back what waits for a slot, let sends in flight finish
// (until 2 s before the bound, leaving time to write their outcomes), stop the notice loops
// (a notice being sent is sent again by another process once its claim lapses), close the
// pool, exit 0.
// Past SHUTDOWN_TIMEOUT_SECONDS it exits 1; a send still running then is retried by another
// worker once its lease lapses.
let isStopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (isStopping) return
    isStopping = true
    const deadline = Date.now() + shutdownMs
    setTimeout(() => {
      payload.logger.error(`Webhook worker did not stop within ${shutdownMs / 1000} s; exiting`)
      process.exit(1)
    }, shutdownMs).unref()
    payload.logger.info(`${signal}: webhook worker stopping (at most ${shutdownMs / 1000} s)`)
    await httpServer?.close()
    const { unfinished } = await backgroundWork().stopAll(deadline - 1000)
    if (unfinished.length)
      payload.logger.warn(`Still running when stopped: ${unfinished.join(', ')}`)
    await closePayload(payload)
    await cluster?.stop()
    payload.logger.info('Webhook worker stopped')
    process.exit(0)
  })
}
