/**
 * The app server's end of the bridge to the app (`src/runtime/serverBridge.ts` declares it):
 * one object on `globalThis` under one symbol, the only channel Next leaves between a custom
 * server and the bundles it loads. Plain JavaScript, as `scripts/server.mjs` is.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const bridge = (globalThis[Symbol.for('content-shop.server')] ??= {})

/** The request context every request runs inside (made here, before Next loads the app). */
export const requestContext = (bridge.requestContext ??= new AsyncLocalStorage())

/** The app's background work, once Payload has started it. */
export const backgroundWork = () => bridge.backgroundWork

/** The metrics' request observer, when metrics are on. */
export const observeRequest = () => bridge.observeRequest
