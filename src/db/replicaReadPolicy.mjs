/**
 * Which requests may read a replica (`DATABASE_REPLICA_URLS`). The app server
 * (`scripts/server.mjs`) decides once per request and keeps the answer in the request's context;
 * `src/db/readReplicas.ts` routes Payload's reads by it, and everything else reads the primary.
 * Plain JavaScript with JSDoc types, so that the server imports it.
 *
 * A replica is behind the primary by its replication lag, or by much more when it is paused or
 * cut off. Only a reader who cannot tell may be sent there: someone reading the site's public
 * content without a credential, who has written nothing that the read should show. So a request
 * may read a replica only when all of these hold:
 * - it is a GET or HEAD (anything else writes, or reads to decide a write: checkout, the Stripe
 *   callback, logins, GraphQL);
 * - it carries no credential: no `Authorization`, no `X-API-Key`, and no cookie at all. A cookie
 *   is how a browser carries a session (Payload's `payload-token`, the portal's
 *   `portal_session`); any cookie counts, so that a session cookie added later, or renamed by
 *   Payload's `cookiePrefix`, cannot be missed. A signed-in editor, an API consumer, an admin,
 *   a portal user always read what they just wrote, and what the system did since;
 * - its path is one of `replicaReadablePaths`, the public content, and nothing else. Listing
 *   what may lag, rather than what must not, makes a new route read the primary until someone
 *   decides otherwise: a forgotten entry costs load on the primary, never a stale answer. Not
 *   listed, so always current: health and readiness, metrics, the admin panel, the portal and
 *   its link exchange, the payment sandbox and its session API, `me` and every identity route,
 *   orders, the webhook API, the v1/v2 resource API (which requires credentials anyway), the
 *   article preview links, the API reference.
 */

/**
 * Paths (and everything under them) whose anonymous reads are public content: published pages,
 * active products and their pictures (Payload's REST), and the search over them. What an
 * anonymous caller reads there is the same for everyone and may be a moment old.
 */
export const replicaReadablePaths = /** @type {const} */ ([
  '/api/pages',
  '/api/products',
  '/api/media',
  '/api/search',
])

/**
 * Plain path segments only: none empty, none starting with a dot (`..`), no percent-encoding
 * (which Next would decode into some other path).
 */
const plainPath = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+\/?$/

/**
 * Whether the reads made for this request may go to a read replica.
 * @param {{ method?: string, path: string, headers: Record<string, string | string[] | undefined> }} request
 *   `path` without the query; `headers` with lower-case names, as Node gives them.
 * @returns {boolean}
 */
export function mayReadReplica({ method, path, headers }) {
  if (method !== 'GET' && method !== 'HEAD') return false
  if (
    hasValue(headers.authorization) ||
    hasValue(headers['x-api-key']) ||
    hasValue(headers.cookie)
  ) {
    return false
  }
  if (!plainPath.test(path)) return false
  return replicaReadablePaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/** @param {string | string[] | undefined} value */
const hasValue = (value) => [value].flat().some((entry) => Boolean(entry?.trim()))
