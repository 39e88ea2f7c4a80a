import { AsyncLocalStorage } from 'node:async_hooks'

/** What is known of the request a piece of code runs for. */
export type RequestContext = { requestId: string }

const key = Symbol.for('content-shop.requestContext')
type WithContext = typeof globalThis & { [key]?: AsyncLocalStorage<RequestContext> }

/**
 * The request every log line is written for. The app server (`scripts/server.mjs`) runs each
 * request inside this storage (creating it on `globalThis` under the same symbol), so Next's
 * bundles and the server share one.
 */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  const global = globalThis as WithContext
  return (global[key] ??= new AsyncLocalStorage<RequestContext>())
}

/** Fields added to every log line (pino's `mixin`): the request id when there is a request. */
export function requestLogFields(): Partial<RequestContext> {
  const requestId = requestContext().getStore()?.requestId
  return requestId ? { requestId } : {}
}
