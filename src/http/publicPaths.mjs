/**
 * The public paths served outside `/api`: `next.config.mjs` rewrites `<prefix>/...` onto
 * `/api<prefix>/...`, the OpenAPI document lists them without `/api`, the metrics label them,
 * and the tests call them as integrators do. Plain JavaScript, so that `next.config.mjs` imports
 * it too.
 */
export const rewrittenPrefixes = /** @type {const} */ (['/webhooks', '/reports'])

/** The rewrites of `next.config.mjs` for `rewrittenPrefixes`. */
export const prefixRewrites = () =>
  rewrittenPrefixes.map((prefix) => ({
    source: `${prefix}/:path*`,
    destination: `/api${prefix}/:path*`,
  }))
