import type { Payload } from 'payload'
import pg from 'pg'

import { postgres } from '@/db/transaction'
import { exponentialDelay, type Backoff } from '@/retry/exponentialBackoff'
import { outsideRequests } from '@/runtime/requestContext'
import { invalidationChannel, tagsOfNotification } from '../answerTags'

/** Re-establishing a lost LISTEN connection: 50 to 100 ms at first, doubling, at most 5 s. */
const relistenBackoff: Backoff = { first: 100, max: 5_000, jitter: [0.5, 1] }

/**
 * Holds a connection of its own (not one of the pool's, never a replica's: a replica hears no
 * NOTIFY) that LISTENs for committed changes on the primary, and hands their tags to `changed`.
 * `listening(false)` as soon as the connection is lost (the cache must empty and stand aside:
 * changes made meanwhile are never heard), `listening(true)` once it LISTENs (again), reconnecting
 * with back-off.
 */
export function startInvalidationListener(args: {
  payload: Payload
  changed: (tags: string[]) => void
  listening: (isListening: boolean) => void
}) {
  const { payload } = args
  let client: pg.Client | undefined
  let isStopped = false
  let attempts = 0
  let retryTimer: NodeJS.Timeout | undefined

  const connect = async () => {
    const options = postgres(payload).poolOptions ?? {}
    const next = new pg.Client({
      ...options,
      application_name: 'answer-cache-listener',
    } as pg.ClientConfig)
    const lose = (err?: Error) => {
      if (client !== next) return
      client = undefined
      args.listening(false)
      next.removeAllListeners('notification')
      void next.end().catch(() => {})
      if (isStopped) return
      payload.logger.warn({
        msg: 'The answer cache lost its LISTEN connection: answers are computed until it is back',
        err,
      })
      scheduleRetry()
    }
    next.on('error', lose)
    next.on('end', () => lose())
    next.on('notification', (message) => {
      if (message.channel === invalidationChannel) args.changed(tagsOfNotification(message.payload))
    })
    client = next
    try {
      await next.connect()
      await next.query(`LISTEN ${invalidationChannel}`)
    } catch (err) {
      lose(err as Error)
      return
    }
    if (isStopped || client !== next) return
    attempts = 0
    args.listening(true)
  }
  const scheduleRetry = () => {
    if (retryTimer || isStopped) return
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined
        if (!isStopped && !client) void connect()
      },
      exponentialDelay(relistenBackoff, ++attempts),
    )
  }
  outsideRequests(() => void connect())

  return {
    stop: async () => {
      isStopped = true
      clearTimeout(retryTimer)
      const held = client
      client = undefined
      args.listening(false)
      if (held) await held.end().catch(() => {})
    },
  }
}
