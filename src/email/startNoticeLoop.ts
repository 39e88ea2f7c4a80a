import type { Payload } from 'payload'

import { startPeriodicLoop } from '@/runtime/periodicLoop'

/** A running notice loop. */
export type NoticeLoop = {
  /** Runs a pass now (or right after the one under way), without waiting for it. */
  nudge: () => void
  /**
   * Ends the timer and waits for the pass under way (a notice it claimed and did not finish is
   * sent by another pass once its claim lapses).
   */
  stop: () => Promise<void>
}

/**
 * Runs `pass` (a `sendDueNotices` of one queue) `intervalMs` after each pass ends, in this
 * process, one pass at a time, on its own timer (`startPeriodicLoop`): whatever sends e-mail
 * this way never waits for the mail server. A failed pass is logged under `name` and tried again
 * at the next tick.
 */
export function startNoticeLoop(
  payload: Payload,
  args: { name: string; intervalMs: number; pass: () => Promise<unknown> },
): NoticeLoop {
  const loop = startPeriodicLoop({
    name: args.name,
    intervalMs: args.intervalMs,
    runAtStart: false,
    pass: args.pass,
    logError: (msg, err) => payload.logger.error({ msg, err }),
  })
  return { nudge: loop.nudge, stop: loop.stop }
}

type WithLoops = typeof globalThis & { [key: symbol]: NoticeLoop | undefined }

/**
 * `startNoticeLoop`, registered under `key` in this process (Next's bundles share `globalThis`),
 * so that the operation that owes a notice can run a pass at once (`nudgeNoticeLoop`) without
 * holding the loop; `stop()` ends it and takes the registration back.
 */
export function startRegisteredNoticeLoop(
  key: string,
  payload: Payload,
  args: { name: string; intervalMs: number; pass: () => Promise<unknown> },
): NoticeLoop {
  const global = globalThis as WithLoops
  const slot = Symbol.for(key)
  const loop = startNoticeLoop(payload, args)
  global[slot] = loop
  return {
    nudge: loop.nudge,
    stop: async () => {
      if (global[slot] === loop) global[slot] = undefined
      await loop.stop()
    },
  }
}

/** Runs a pass of the loop registered under `key` now, if it runs in this process. */
export function nudgeNoticeLoop(key: string) {
  ;(globalThis as WithLoops)[Symbol.for(key)]?.nudge()
}
