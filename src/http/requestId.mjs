/**
 * The one request-id rule, for the app server (`scripts/server.mjs`, plain JavaScript) and the
 * app (`src/proxy.ts`): plain JavaScript with JSDoc types, so that both import it.
 */
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The id a response is tagged with: the caller's own `X-Request-Id` when it is a sane token
 * (so that a request can be followed across a gateway), else a fresh UUID.
 * @param {string | null | undefined} incoming
 * @returns {string}
 */
export function requestIdFor(incoming) {
  return incoming && acceptable.test(incoming) ? incoming : globalThis.crypto.randomUUID()
}
