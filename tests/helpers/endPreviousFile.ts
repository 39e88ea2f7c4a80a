import type { Pool, PoolClient } from 'pg'

import type { BackgroundWork } from '../../src/runtime/serverBridge'

/** How long what the previous file left running may take to stop before the next file starts. */
const stopWithinMs = 5_000

/**
 * A test process runs many files in turn (vitest.config.ts): the packages stay loaded between
 * files, and with them whatever a file left on `globalThis`. Before the next file starts, this
 * ends and forgets all of it, so that the file finds the process as a fresh one would be:
 *
 * - the background work Payload's `onInit` started (notice loops and the rest), stopped the way
 *   the app server stops it on SIGTERM (`backgroundWork().stopAll`);
 * - what else the app registers once per process under `Symbol.for('content-shop.…')` (the
 *   webhook worker in the app, the notice loops, the payment sandbox's timer, the metrics
 *   registry, the server bridge): stopped where it runs, then removed, so that the file starts
 *   its own;
 * - Payload's cache of started instances (`getPayload`): each closed with its connections (which
 *   `payload.destroy()` leaves open, one of them checked out for good), then emptied, so that the
 *   file's Payload starts on the file's database and configuration, and the database server's
 *   connections do not run out over the files.
 *
 * Whatever does not stop within a few seconds (a send to an endpoint that never answers, say) is
 * left to end on its own, as it would have in a process that exits.
 */
export async function endPreviousFile() {
  const deadline = Date.now() + stopWithinMs
  const slots = globalThis as unknown as Record<symbol, unknown>
  const bridge = slots[Symbol.for('content-shop.server')] as
    { backgroundWork?: BackgroundWork } | undefined
  await bridge?.backgroundWork?.stopAll(deadline)
  for (const slot of Object.getOwnPropertySymbols(globalThis)) {
    if (!slot.description?.startsWith('content-shop.')) continue
    const held = await byDeadline(Promise.resolve(slots[slot]), deadline)
    if (isStoppable(held)) await byDeadline(Promise.resolve(held.stop()), deadline)
    else if (isTimer(held)) clearInterval(held)
    delete slots[slot]
  }
  const started = (globalThis as { _payload?: Map<string, { payload?: Destroyable }> })._payload
  for (const cached of started?.values() ?? []) {
    if (cached.payload) await closeWithConnections(cached.payload, deadline)
  }
  started?.clear()
}

type Destroyable = { destroy: () => Promise<void>; db: { pool?: PoolWithClients } }
type PoolWithClients = Pool & { _clients?: PoolClient[] }

async function closeWithConnections(payload: Destroyable, deadline: number) {
  await byDeadline(payload.destroy(), deadline)
  const pool = payload.db.pool
  if (!pool) return
  pool.on('error', () => {})
  for (const client of pool._clients ?? []) {
    client.on('error', () => {})
    // Checked out or idle: either way the file that used it has ended.
    void (client as PoolClient & { end: () => Promise<void> }).end().catch(() => {})
  }
  void pool.end().catch(() => {})
}

/** What `work` settles to, or undefined once `deadline` passes first or it fails. */
async function byDeadline<T>(work: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const lapse = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()))
  })
  try {
    return await Promise.race([work.catch(() => undefined), lapse])
  } finally {
    clearTimeout(timer)
  }
}

function isStoppable(value: unknown): value is { stop: () => unknown } {
  return typeof (value as { stop?: unknown } | undefined)?.stop === 'function'
}

function isTimer(value: unknown): value is NodeJS.Timeout {
  return typeof (value as { hasRef?: unknown } | undefined)?.hasRef === 'function'
}
