import { AsyncLocalStorage } from 'node:async_hooks'

import { serverBridge } from '@/lifecycle/serverBridge'

/** What is known of the request a piece of code runs for. */
export type RequestContext = { requestId: string }

/**
 * The request every log line is written for. The app server (`scripts/server.mjs`) runs each
 * request inside this storage (creating it on the server bridge), so Next's bundles and the
 * server share one.
 */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  return (serverBridge().requestContext ??= new AsyncLocalStorage<RequestContext>())
}

/** Fields added to every log line (pino's `mixin`): the request id when there is a request. */
export function requestLogFields(): Partial<RequestContext> {
  const requestId = requestContext().getStore()?.requestId
  return requestId ? { requestId } : {}
}
