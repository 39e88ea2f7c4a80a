import type { Payload } from 'payload'

import { startInquiryNotifier } from '@/contact/operations/sendInquiryNotices'
import { closePayload } from '@/db/closePayload'
import { guardPoolClients } from '@/db/guardPoolClients'
import { startOrderNotifier } from '@/shop/notices/sendOrderNotices'
import { startOrderSweeper } from '@/shop/operations/startOrderSweeper'
import { startPaymentSandboxInApp } from '@/shop/paymentSandbox/startPaymentSandboxInApp'
import { startDisableNotifier } from '@/webhooks/operations/startDisableNotifier'
import { startWorkerInApp } from '@/webhooks/worker/startWorkerInApp'
import { startReviewNotifier } from '@/workflow/operations/sendReviewNotices'
import { backgroundWork } from '../backgroundWork'
import { startJobRunner } from './startJobRunner'
import { configOf } from '@/config/appConfig'
import { answerCacheOf } from '@/answerCache/operations/answerCacheOf'
import { stopRateLimitBatches } from '@/http/rateLimiter'

/**
 * Payload's `onInit`. Every process keeps database connection losses from crashing it, retries
 * inquiry e-mails, sends the buyers' receipts and refund notices, the assignees' review notices and
 * the notices of disabled webhook subscriptions (`npm run worker`
 * included, which stops them on SIGTERM); the app server also runs the webhook worker (unless
 * `WEBHOOK_WORKER=off`), the sweeper of stale orders (unless `ORDER_SWEEPER=off`), the jobs
 * queue's runner (scheduled publications, unless `JOBS=off`), the answer cache's listener, the
 * payment sandbox where it is on, and shares its last rate-limit counts when it stops. Each loop is registered in `backgroundWork()`, which the app server
 * stops on SIGTERM (`scripts/server.mjs`), the database pool last. The server initialises
 * Payload as soon as it listens, so all of this runs before the first request.
 */
export async function startBackgroundWork(payload: Payload) {
  guardPoolClients(payload)
  const work = backgroundWork()
  if (!work.has('inquiry notifier')) {
    const notifier = startInquiryNotifier(payload)
    work.add({ name: 'inquiry notifier', stop: () => notifier.stop() })
  }
  if (!work.has('webhook disable notifier')) {
    const notifier = startDisableNotifier(payload)
    work.add({ name: 'webhook disable notifier', stop: () => notifier.stop() })
  }
  if (!work.has('order notifier')) {
    const notifier = startOrderNotifier(payload)
    work.add({ name: 'order notifier', stop: () => notifier.stop() })
  }
  if (!work.has('review notifier')) {
    const notifier = startReviewNotifier(payload)
    work.add({ name: 'review notifier', stop: () => notifier.stop() })
  }
  const config = configOf(payload)
  if (!config.isAppServer) return
  const worker = await startWorkerInApp(payload)
  // Sends in flight may take until 2 s before the deadline; writing their outcomes needs the rest.
  if (worker) {
    work.add({
      name: 'webhook worker',
      stop: (deadline) => worker.stop({ deadline: deadline - 2000 }),
    })
  }
  if (config.orderSweep.isOn && !work.has('order sweeper')) {
    const sweeper = startOrderSweeper(payload)
    work.add({ name: 'order sweeper', stop: () => sweeper.stop() })
  }
  if (config.content.isJobsOn && !work.has('job runner')) {
    const runner = startJobRunner(payload)
    work.add({ name: 'job runner', stop: () => runner.stop() })
  }
  // Listening from the start, so that the first reads may be kept.
  const answerCache = answerCacheOf(payload)
  if (answerCache && !work.has('answer cache')) {
    work.add({ name: 'answer cache', stop: () => answerCache.stop() })
  }
  // The requests counted since the last exchange go to the table before the pool closes (the
  // server stops this after its last answer).
  if (!work.has('rate-limit counts')) {
    work.add({ name: 'rate-limit counts', stop: () => stopRateLimitBatches() })
  }
  const sandbox = startPaymentSandboxInApp(payload)
  if (sandbox) work.add({ name: 'payment sandbox', stop: () => sandbox.stop() })
  work.add({ name: 'database pool', stop: () => closePayload(payload) }, { last: true })
}
