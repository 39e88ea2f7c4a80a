import type { Payload } from 'payload'

import {
  nudgeNoticeLoop,
  startRegisteredNoticeLoop,
  type NoticeLoop,
} from '@/email/startNoticeLoop'
import { sendDisableNotices } from './sendDisableNotices'
import { configOf } from '@/config/appConfig'

/** Where this process's loop is registered, for a worker in it to nudge. */
const notifierKey = 'content-shop.webhookDisableNotifier'

/**
 * Sends the disable notices due, every `WEBHOOK_NOTICE_INTERVAL_SECONDS` (default 10), in this
 * process, apart from everything that sends webhooks; `nudgeDisableNotifier` runs a pass at once
 * (a worker of this process just disabled a subscription). Started with the process's
 * background work (src/lifecycle/operations/startBackgroundWork.ts); `stop()` ends it.
 */
export function startDisableNotifier(payload: Payload): NoticeLoop {
  return startRegisteredNoticeLoop(notifierKey, payload, {
    name: 'Webhook disable notifier',
    intervalMs: configOf(payload).webhooks.notices.intervalMs,
    pass: () => sendDisableNotices(payload),
  })
}

/** Runs a pass of this process's notifier now, if it runs (and once the one under way ends). */
export function nudgeDisableNotifier() {
  nudgeNoticeLoop(notifierKey)
}
