import type { Pool } from 'pg'

import { metricsText } from '../../src/runtime/metrics'
import { rest } from './rest'

/** Counts the statements `pool` is sent (directly or on a client it hands out) while `work` runs. */
export async function statementsDuring(pool: Pool, work: () => Promise<unknown>) {
  const statements: string[] = []
  const originalQuery = pool.query.bind(pool)
  const originalConnect = pool.connect.bind(pool)
  const record = (text: unknown) =>
    statements.push(typeof text === 'string' ? text : String((text as { text?: string })?.text))
  pool.query = ((text: unknown, ...rest: unknown[]) => {
    record(text)
    return (originalQuery as (...args: unknown[]) => unknown)(text, ...rest)
  }) as Pool['query']
  pool.connect = ((...args: unknown[]) => {
    statements.push('(connect)')
    return (originalConnect as (...args: unknown[]) => unknown)(...args)
  }) as Pool['connect']
  try {
    await work()
  } finally {
    pool.query = originalQuery
    pool.connect = originalConnect
  }
  return statements
}

/** The value of one series of `/api/metrics`' answer-cache counter (0 when absent). */
export async function answerCacheCount(result: 'hit' | 'miss' | 'bypass' | 'eviction') {
  const line = (await metricsText())
    .split('\n')
    .find((row) => row.startsWith(`answer_cache_total{result="${result}"}`))
  return Number(line?.split(' ').at(-1) ?? 0)
}

/** Waits (polling, no fixed sleep) until `condition` holds, at most `seconds` (5 s). */
export async function until(condition: () => Promise<boolean> | boolean, seconds = 5) {
  const deadline = Date.now() + seconds * 1000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`The condition did not hold within ${seconds} s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Reads `path` until a read is a hit: the answer to a write is sent before the write's own
 * NOTIFY comes back, and until then what it changed is held out of the cache.
 */
export async function readUntilHit(
  path: string,
  headers: Record<string, string> = {},
  seconds = 5,
) {
  let answer: Response | undefined
  await until(async () => {
    const hits = await answerCacheCount('hit')
    answer = await rest('GET', path, { headers })
    return (await answerCacheCount('hit')) > hits
  }, seconds)
  return answer!
}
