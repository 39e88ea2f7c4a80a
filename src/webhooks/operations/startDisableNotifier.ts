import type { Payload } from 'payload'

import { startNoticeLoop, type NoticeLoop } from '@/email/startNoticeLoop'
import { sendDisableNotices } from './sendDisableNotices'
import { configOf } from '@/config/appConfig'

/** This process's loop, where a worker in it can find it (Next's bundles share `globalThis`). */
const running = Symbol.for('content-shop.webhookDisableNotifier')
type WithNotifier = typeof globalThis & { [running]?: NoticeLoop }

/**
 * Sends the disable notices due, every `WEBHOOK_NOTICE_INTERVAL_SECONDS` (default 10), in this
 * process, apart from everything that sends webhooks; `nudgeDisableNotifier` runs a pass at once
 * (a worker of this process just disabled a subscription). Started with the process's
 * background work (src/lifecycle/operations/startBackgroundWork.ts); `stop()` ends it.
 */
export function startDisableNotifier(payload: Payload): NoticeLoop {
  const global = globalThis as WithNotifier
  const loop = startNoticeLoop(payload, {
    name: 'Webhook disable notifier',
    intervalMs: configOf(payload).webhooks.notices.intervalMs,
    pass: () => sendDisableNotices(payload),
  })
  global[running] = loop
  return {
    nudge: loop.nudge,
    stop: async () => {
      if (global[running] === loop) global[running] = undefined
      await loop.stop()
    },
  }
}

/** Runs a pass of this process's notifier now, if it runs (and once the one under way ends). */
export function nudgeDisableNotifier() {
  ;(globalThis as WithNotifier)[running]?.nudge()
}
