import type { Pool } from 'pg'

import {
  claimDueEvents,
  finishSandboxSession,
  sessionsRunOut,
  type FinishOutcome,
} from './sandboxSessionStore'
import { sendSessionEvent, type ShopWebhook } from './sendSessionEvent'

/**
 * Completes or expires a session and, when that changed it, sends the shop its event at once
 * (a failed send is retried by `sendDueEvents`).
 */
export async function finishAndNotify(args: {
  pool: Pool
  id: string
  how: 'pay' | 'expire'
  now: Date
  shop: ShopWebhook
}): Promise<FinishOutcome> {
  const result = await finishSandboxSession(args)
  if (result.outcome === 'finished') {
    await sendSessionEvent({ pool: args.pool, row: result.row, shop: args.shop })
  }
  return result
}

/** Expires every open session whose `expires_at` has passed at `now`; returns their ids. */
export async function expireRunOutSessions(args: {
  pool: Pool
  now: Date
  shop: ShopWebhook
}): Promise<string[]> {
  const expired: string[] = []
  for (const id of await sessionsRunOut(args.pool, args.now)) {
    const result = await finishAndNotify({ ...args, id, how: 'expire' })
    if (result.outcome === 'finished') expired.push(id)
  }
  return expired
}

/** Sends again the events the shop has not accepted whose next attempt is due at `now`. */
export async function sendDueEvents(args: { pool: Pool; now: Date; shop: ShopWebhook }) {
  for (const row of await claimDueEvents(args.pool, args.now)) {
    await sendSessionEvent({ pool: args.pool, row, shop: args.shop })
  }
}
