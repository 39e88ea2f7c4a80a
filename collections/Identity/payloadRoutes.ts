import type { Endpoint, SanitizedCollectionConfig, SanitizedConfig } from 'payload'

/** The password and session routes of an auth collection, besides `/me`. */
const passwordRoutes = new Set([
  '/login',
  '/logout',
  '/refresh-token',
  '/forgot-password',
  '/reset-password',
  '/first-register',
  '/unlock',
  '/init',
  '/verify/:id',
])

/**
 * Whether Payload serves `endpoint` of `collection` although the collection has no use for it.
 * Payload adds every route to every collection: on a collection without versions its version
 * routes answered 500 (no versions table), as did `/verify/:id` on users, who do not verify
 * e-mail (no token column); `/paste-url` only says it is off; and an API consumer, who has no
 * password (`disableLocalStrategy`), could still refresh its way to a JWT session of its own
 * (`/refresh-token` answered a consumer's API key 200 with a token).
 */
function isUnused(collection: SanitizedCollectionConfig, endpoint: Endpoint): boolean {
  const path = endpoint.path
  if (!collection.versions && path.startsWith('/versions')) return true
  if (collection.upload && !collection.upload.pasteURL && path.startsWith('/paste-url')) return true
  const auth = collection.auth
  if (!auth) return false
  if (path === '/verify/:id' && !auth.verify) return true
  return Boolean(auth.disableLocalStrategy) && passwordRoutes.has(path)
}

/**
 * The sanitized configuration without the routes Payload adds to collections that have no use
 * for them, nor the 501 of a collection it serves none of: each is then the 404 of a route that
 * does not exist. Our own routes are untouched.
 */
export function withoutUnusedPayloadRoutes(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    // A collection Payload serves no route of (`endpoints: false`, its migrations) answered
    // every request with 501; with no routes at all, each is the 404 of a route that does not
    // exist.
    if (collection.endpoints === false) collection.endpoints = []
    if (!Array.isArray(collection.endpoints)) continue
    collection.endpoints = collection.endpoints.filter(
      (endpoint) => endpoint.custom?.openapi !== undefined || !isUnused(collection, endpoint),
    )
  }
  return config
}
