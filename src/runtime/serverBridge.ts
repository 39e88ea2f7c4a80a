import type { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The background loops of this process (webhook worker, inquiry e-mail retry, order sweeper) and
 * the database pool they use, in one registry, so that whoever ends the process (the app
 * server on SIGTERM, `npm run worker`) stops them all, within one deadline, in the right order:
 * every loop first, the pool last. One registry per process, on the server bridge, so that
 * Next's separate bundles and the plain server script (`scripts/server.mjs`) share it.
 */
export type BackgroundTask = {
  name: string
  /** Stops the task; `deadline` (epoch ms) is when the process will exit regardless. */
  stop: (deadline: number) => Promise<void>
}

export type BackgroundWork = {
  /** Registers a task (replacing one of the same name); `last` tasks stop after the others. */
  add: (task: BackgroundTask, options?: { last?: boolean }) => void
  has: (name: string) => boolean
  names: () => string[]
  /**
   * Stops every task, the `last` ones after the others; a task still stopping at `deadline`
   * is reported, not waited for. Resolves with the names of those that did not stop cleanly.
   */
  stopAll: (deadline: number) => Promise<{ unfinished: string[] }>
}

/** What the app's HTTP server reports of each finished response. */
export type FinishedRequest = {
  method: string
  /** The URL path, without the query. */
  path: string
  status: number
  durationSeconds: number
}

/**
 * What the app's HTTP server (`scripts/server.mjs`, plain JavaScript outside Next's bundles)
 * and the app share in one process. Next gives a custom server no way to hand objects to the
 * bundles it loads (nor they to it), so this one object on `globalThis`, under one symbol, is
 * the channel; `scripts/lib/appBridge.mjs` is its other end.
 */
export type ServerBridge = {
  /** The request each piece of code runs for: the server runs every request inside it. */
  requestContext?: AsyncLocalStorage<{ requestId: string }>
  /** The process's background loops, stopped by the server on SIGTERM. */
  backgroundWork?: BackgroundWork
  /** Set when metrics are on: the server reports every finished response to it. */
  observeRequest?: (request: FinishedRequest) => void
}

const key = Symbol.for('content-shop.server')
type WithBridge = typeof globalThis & { [key]?: ServerBridge }

/** This process's bridge between the app server and the app (made on first use by either). */
export function serverBridge(): ServerBridge {
  const global = globalThis as WithBridge
  return (global[key] ??= {})
}
