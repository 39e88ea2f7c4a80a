/**
 * Cookies work only from the app's own origin. A browser sends the app's cookies (Payload's
 * `payload-token`, the portal's `portal_session`) with every request to the app, whatever page
 * made it send the request: `SameSite=Lax` keeps them only from other registrable domains, and
 * a form or a `no-cors` fetch needs no permission from the app. So a request that carries a
 * cookie and may change something (any method but GET, HEAD and OPTIONS) is accepted only when
 * its `Origin` (or, without one, its `Referer`; without either, a browser's
 * `Sec-Fetch-Site: same-origin`) is one of the app's own:
 * - `SERVER_URL` when it is set, else the address the request reached: the scheme and `Host` of
 *   the connection, or with `TRUSTED_PROXY_HOPS` the nearest proxy's `X-Forwarded-Proto` and
 *   `X-Forwarded-Host`;
 * - and every origin of `ADMIN_ORIGINS` (an admin panel served under another name).
 * Any cookie counts, as it does for the read replicas (`src/db/replicaReadPolicy.mjs`): a session
 * cookie added later, or renamed by Payload's `cookiePrefix`, cannot be missed. A request without
 * a cookie (a Bearer token, an API key, anonymous) is never refused here: its credential is sent
 * by a client that holds it, not by a browser on its own.
 *
 * The app's server (`scripts/server.mjs`) applies it to every request before anything else runs,
 * image uploads and the admin panel's server actions included; Payload's routes, GraphQL and our
 * endpoints apply it again (`src/http/sameOriginCookies.ts`), so that the app served another way,
 * and the tests calling its handlers in-process, meet it too. Plain JavaScript with JSDoc types,
 * so that the server imports it.
 */

/** The methods that change nothing: a cookie may come with them from anywhere. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * @typedef {object} OwnOrigins
 * @property {string} [serverUrl] `SERVER_URL`
 * @property {readonly string[]} adminOrigins `ADMIN_ORIGINS`
 * @property {number} trustedProxyHops `TRUSTED_PROXY_HOPS`
 */

/**
 * @typedef {object} RequestSeen
 * @property {string} method
 * @property {string} protocol the scheme the request reached this process with: `http:`, `https:`
 * @property {(name: string) => string | null | undefined} header a header's value by its
 *   lower-case name (`host` included)
 */

/**
 * Why a request is refused (the message of its 403), or `undefined` when it may go on.
 * @param {RequestSeen} request
 * @param {OwnOrigins} settings
 * @returns {string | undefined}
 */
export function crossOriginCookieRefusal(request, settings) {
  if (safeMethods.has(request.method.toUpperCase())) return undefined
  if (!request.header('cookie')?.trim()) return undefined
  const origin = request.header('origin')?.trim()
  const referer = request.header('referer')?.trim()
  const claimed = origin ? originOf(origin) : referer ? originOf(referer) : undefined
  if (claimed && ownOrigins(request, settings).includes(claimed)) return undefined
  // Neither: a browser that says the page is of the request's own origin (no page can write
  // this header) is believed, as the portal always did.
  if (!origin && !referer && request.header('sec-fetch-site') === 'same-origin') return undefined
  const named = origin
    ? `Origin ${origin}`
    : referer
      ? `Referer ${claimed ?? referer}`
      : 'neither Origin nor Referer'
  return (
    `Cross-origin request refused: a request carrying this site's cookies changes something ` +
    `only from this site's own pages (${named}). Another site or client: send a Bearer token or ` +
    `an API key, without cookies`
  )
}

/**
 * The origins a cookie may act from for this request: `SERVER_URL`'s, else the address the
 * request reached; then `ADMIN_ORIGINS`.
 * @param {RequestSeen} request
 * @param {OwnOrigins} settings
 * @returns {string[]}
 */
export function ownOrigins(request, settings) {
  const own = settings.serverUrl ? originOf(settings.serverUrl) : reachedOrigin(request, settings)
  return [...(own ? [own] : []), ...settings.adminOrigins]
}

/**
 * `scheme://host[:port]` the request reached: behind trusted proxies, as the nearest one
 * says (the last entry of `X-Forwarded-Proto` and `X-Forwarded-Host`), else the connection's.
 * @param {RequestSeen} request
 * @param {OwnOrigins} settings
 * @returns {string | undefined}
 */
function reachedOrigin(request, settings) {
  const forwarded = (/** @type {string} */ name) =>
    settings.trustedProxyHops > 0 ? lastEntry(request.header(name)) : undefined
  const proto = forwarded('x-forwarded-proto')
  const scheme = proto ? `${proto.toLowerCase()}:` : request.protocol
  const host = forwarded('x-forwarded-host') ?? request.header('host')?.trim()
  return host ? originOf(`${scheme}//${host}`) : undefined
}

/** @param {string | null | undefined} value */
const lastEntry = (value) =>
  value
    ?.split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1)

/**
 * The origin of a URL, `undefined` when it has none (not http or https, or no URL at all).
 * @param {string} url
 * @returns {string | undefined}
 */
function originOf(url) {
  try {
    const parsed = new URL(url)
    return ['http:', 'https:'].includes(parsed.protocol) ? parsed.origin : undefined
  } catch {
    return undefined
  }
}
