import type { Pool } from 'pg'

import type { RateLimitPolicy, RateLimitState } from './rateLimitPolicy'

/** One caller's count in one window, as this process knows it. */
type Count = {
  /** What the shared table held at the last exchange (this process's sent requests included). */
  shared: number
  /** Requests this process let through since, not yet added to the table. */
  unsent: number
  /** Requests on their way to the table (the exchange under way). */
  sending: number
  /** When the window ends, in epoch milliseconds. */
  resetAt: number
}

/**
 * A fixed-window counter of one policy, kept in this process's memory and shared with every
 * other instance through PostgreSQL in batches (`rate_limits`, the layout `rate-limiter-flexible`
 * used, so rows survive the change): a request costs no statement; every `syncMs` one statement
 * adds what this process let through and reads back the totals of the callers it saw. The first
 * request of a caller in a window reads its shared count once (a read, not a write).
 *
 * The bound of a burst across N instances: an instance knows the others' requests at most
 * `syncMs` late, so a caller gets at most `points` plus what the other N-1 instances let it
 * through within one `syncMs`, and never more than N x `points` in a window.
 */
export function batchedCounter(options: {
  pool: Pool
  table: string
  policy: RateLimitPolicy
  syncMs: number
  /**
   * Counts each request in the table at once (one statement a request) instead of in batches:
   * for small budgets (`exactPolicies`), where a burst across instances must not pass the limit.
   */
  exact?: boolean
  now?: () => number
  onError?: (err: unknown) => void
}) {
  const { pool, table, policy } = options
  const now = options.now ?? Date.now
  const windowMs = policy.windowSeconds * 1000
  const counts = new Map<string, Count>()
  const prefix = `rl:${policy.name}:`
  let timer: NodeJS.Timeout | undefined
  let syncing: Promise<void> | undefined

  const firstContact = async (key: string): Promise<Count> => {
    const at = now()
    try {
      const { rows } = await pool.query<{ points: number; expire: string | null }>(
        `SELECT points, expire FROM ${table} WHERE key = $1`,
        [prefix + key],
      )
      const row = rows[0]
      const expire = row?.expire === null || row === undefined ? 0 : Number(row.expire)
      if (row && expire > at) return { shared: row.points, unsent: 0, sending: 0, resetAt: expire }
    } catch (err) {
      options.onError?.(err)
    }
    return { shared: 0, unsent: 0, sending: 0, resetAt: at + windowMs }
  }

  const sync = async () => {
    const at = now()
    for (const [key, count] of counts)
      if (count.resetAt <= at && count.unsent === 0) counts.delete(key)
    if (counts.size === 0) return
    const entries = [...counts.entries()]
    const sent = entries.map(([, count]) => count.unsent)
    for (const [, count] of entries) {
      count.sending = count.unsent
      count.unsent = 0
    }
    try {
      const { rows } = await pool.query<{ key: string; points: number; expire: string }>(
        `INSERT INTO ${table} AS r (key, points, expire)
         SELECT * FROM unnest($1::varchar[], $2::integer[], $3::bigint[])
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN r.expire IS NULL OR r.expire <= $4 THEN EXCLUDED.points
                         ELSE r.points + EXCLUDED.points END,
           expire = CASE WHEN r.expire IS NULL OR r.expire <= $4 THEN EXCLUDED.expire
                         ELSE r.expire END
         RETURNING key, points, expire`,
        [entries.map(([key]) => prefix + key), sent, entries.map(([, count]) => count.resetAt), at],
      )
      for (const row of rows) {
        const count = counts.get(row.key.slice(prefix.length))
        if (!count) continue
        count.shared = row.points
        count.sending = 0
        count.resetAt = Number(row.expire)
      }
    } catch (err) {
      // Counted again at the next exchange; meanwhile this process goes on counting alone.
      for (const [, count] of entries) {
        count.unsent += count.sending
        count.sending = 0
      }
      options.onError?.(err)
    }
  }

  const scheduleSync = () => {
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      void flush()
    }, options.syncMs)
    timer.unref?.()
  }
  const flush = async () => {
    while (syncing) await syncing
    syncing = sync().finally(() => (syncing = undefined))
    await syncing
  }

  /** One request counted in the table now; undefined when the table could not be reached. */
  const consumeAtOnce = async (key: string): Promise<RateLimitState | undefined> => {
    const at = now()
    try {
      const { rows } = await pool.query<{ points: number; expire: string }>(
        `INSERT INTO ${table} AS r (key, points, expire) VALUES ($1, 1, $2)
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN r.expire IS NULL OR r.expire <= $3 THEN 1 ELSE r.points + 1 END,
           expire = CASE WHEN r.expire IS NULL OR r.expire <= $3 THEN EXCLUDED.expire
                         ELSE r.expire END
         RETURNING points, expire`,
        [prefix + key, at + windowMs, at],
      )
      const used = rows[0]!.points
      const msBeforeReset = Math.max(0, Number(rows[0]!.expire) - at)
      return used > policy.points
        ? { remaining: 0, msBeforeReset, isLimited: true }
        : { remaining: policy.points - used, msBeforeReset, isLimited: false }
    } catch (err) {
      options.onError?.(err)
      return undefined
    }
  }

  return {
    /** Counts one request of `key` and says whether it may proceed. */
    async consume(key: string): Promise<RateLimitState> {
      if (options.exact) {
        // Without the table this process counts alone, in batches, as every policy does.
        const state = await consumeAtOnce(key)
        if (state) return state
      }
      let count = counts.get(key)
      if (!count || count.resetAt <= now()) {
        count = await firstContact(key)
        counts.set(key, count)
      }
      const used = count.shared + count.sending + count.unsent
      const msBeforeReset = Math.max(0, count.resetAt - now())
      if (used >= policy.points) return { remaining: 0, msBeforeReset, isLimited: true }
      count.unsent++
      scheduleSync()
      return { remaining: policy.points - used - 1, msBeforeReset, isLimited: false }
    },
    /** Forgets `key`'s count, here and in the table. */
    async reset(key: string) {
      counts.delete(key)
      await pool.query(`DELETE FROM ${table} WHERE key = $1`, [prefix + key])
    },
    /** Shares what this process counted and learns the others' counts now. */
    flush,
    stop: async () => {
      clearTimeout(timer)
      timer = undefined
      await flush().catch(() => {})
    },
  }
}

export type BatchedCounter = ReturnType<typeof batchedCounter>
