import type { AsyncLocalStorage } from 'node:async_hooks'

import type { BackgroundWork } from './backgroundWork'

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
