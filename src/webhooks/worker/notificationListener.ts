import type { Payload } from 'payload'
import type { Pool, PoolClient } from 'pg'

import { exponentialDelay, type Backoff } from '@/retry/exponentialBackoff'

/** Re-establishing a lost LISTEN connection: 50 to 100 ms at first, doubling, at most 5 s. */
const relistenBackoff: Backoff = { first: 100, max: 5_000, jitter: [0.5, 1] }

export type ListenerHealth = {
  /** False while its connection is lost and being re-established (the worker polls meanwhile). */
  isListening: boolean
  /** Since when it has been without its connection, in epoch milliseconds. */
  listenerDownSinceMs?: number
}

export type NotificationListener = {
  health: () => ListenerHealth
  /** UNLISTENs and hands its connection back (or ends it, when the UNLISTEN failed). */
  stop: () => Promise<void>
}

/**
 * Holds a connection that LISTENs on `channels`. When the database drops it (a restart, a
 * failover, an operator's pg_terminate_backend) it is re-established with back-off; the worker
 * polls every `pollMs` meanwhile. `listening` is called each time it listens (again), since
 * whatever was notified while it was away is found only by looking. The first LISTEN's failure
 * is thrown to the caller.
 */
export async function startNotificationListener({
  pool,
  channels,
  pollMs,
  logger,
  notified,
  listening,
}: {
  pool: Pool
  channels: string[]
  pollMs: number
  logger: Payload['logger']
  notified: (channel: string) => void
  listening: () => void
}): Promise<NotificationListener> {
  let current: { client: PoolClient; detach: () => void } | undefined
  let downSinceMs: number | undefined
  let attempts = 0
  let retryTimer: NodeJS.Timeout | undefined
  let isStopped = false
  const onNotification = (message: { channel: string }) => notified(message.channel)

  const listen = async ({ isFirst = false } = {}) => {
    const client = await pool.connect()
    const detach = () => {
      client.removeListener('error', lose)
      client.removeListener('end', lose)
      client.removeListener('notification', onNotification)
    }
    function lose(err?: Error) {
      detach()
      if (current?.client === client) current = undefined
      // Passing an error destroys the connection instead of returning it to the pool.
      client.release(err instanceof Error ? err : new Error('LISTEN connection lost'))
      if (isStopped || isFirst) return
      downSinceMs ??= Date.now()
      logger.warn({
        msg: `Webhook worker lost its LISTEN connection; polling every ${pollMs} ms until it is back`,
        err,
      })
      scheduleRetry()
    }
    client.on('error', lose)
    client.on('end', lose)
    client.on('notification', onNotification)
    try {
      await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '))
    } catch (err) {
      lose(err as Error)
      throw err
    }
    isFirst = false
    current = { client, detach }
    if (downSinceMs !== undefined) {
      logger.info(`Webhook worker listening again after ${Date.now() - downSinceMs} ms`)
    }
    downSinceMs = undefined
    attempts = 0
    listening()
  }
  const scheduleRetry = () => {
    if (retryTimer || isStopped) return
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined
        if (isStopped || current) return
        listen().catch(() => scheduleRetry())
      },
      exponentialDelay(relistenBackoff, ++attempts),
    )
  }
  await listen({ isFirst: true })

  return {
    health: () => ({
      isListening: current !== undefined,
      ...(downSinceMs === undefined ? {} : { listenerDownSinceMs: downSinceMs }),
    }),
    stop: async () => {
      isStopped = true
      clearTimeout(retryTimer)
      const held = current
      current = undefined
      if (!held) return
      held.detach()
      // A connection lost during the UNLISTEN is only released; from then on its errors are
      // the pool's. (A listener left on would pile up on a connection the pool hands out again.)
      const ignore = () => {}
      held.client.on('error', ignore)
      const unlistened = await held.client.query('UNLISTEN *').then(
        () => true,
        () => false,
      )
      held.client.removeListener('error', ignore)
      held.client.release(unlistened ? undefined : new Error('UNLISTEN failed'))
    },
  }
}
