import { AsyncLocalStorage } from 'node:async_hooks'

import { serverBridge } from './serverBridge'

/** What is known of the request a piece of code runs for. */
export type RequestContext = {
  requestId: string
  /**
   * Whether the reads made for it may go to a read replica: set by the app server from
   * `src/db/replicaReadPolicy.mjs` (public, anonymous GETs only); absent means no.
   */
  mayReadReplica?: boolean
}

/**
 * The request every log line is written for, and whose reads may go to a replica. The app
 * server (`scripts/server.mjs`) runs each request inside this storage (creating it on the server
 * bridge), so Next's bundles and the server share one.
 */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  return (serverBridge().requestContext ??= new AsyncLocalStorage<RequestContext>())
}

/**
 * Runs `work` outside any request's context: the timers and loops it starts belong to no
 * request (they would otherwise keep the context of the request that happened to start them).
 */
export function outsideRequests<T>(work: () => T): T {
  return requestContext().exit(work)
}

/** Fields added to every log line (pino's `mixin`): the request id when there is a request. */
export function requestLogFields(): Partial<RequestContext> {
  const requestId = requestContext().getStore()?.requestId
  return requestId ? { requestId } : {}
}
