import { createHash, randomBytes } from 'node:crypto'

import type { PortalSettings } from './portalSettings'

/** The portal's session cookie. */
export const portalCookieName = 'portal_session'

/**
 * A new secret for a portal link or session: 32 random bytes, URL-safe. Only its hash is stored
 * (`hashPortalToken`), so a copy of the database opens no portal.
 */
export const newPortalToken = () => randomBytes(32).toString('base64url')

/** The stored form of a token: its SHA-256, hex. Tokens are looked up by it, never compared. */
export const hashPortalToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** Whether `text` has the shape of a token this module issues (anything else is not looked up). */
export const isPortalTokenShaped = (text: unknown): text is string =>
  typeof text === 'string' && /^[A-Za-z0-9_-]{43}$/.test(text)

/**
 * The `Set-Cookie` value that carries a session: HttpOnly (no script reads it), on every path
 * (the pages live under `/portal`, the API they call under `/webhooks`), `SameSite=Strict`
 * unless the portal may be framed by another site (then `None`, `Secure` and `Partitioned`,
 * which browsers require of a cookie in a third-party frame), `Secure` outside development.
 * It lasts no longer than the session may.
 */
export function sessionCookie(args: {
  token: string
  maxAgeSeconds: number
  settings: PortalSettings
}): string {
  const isFramed = args.settings.frameAncestors.length > 0
  return [
    `${portalCookieName}=${args.token}`,
    'Path=/',
    'HttpOnly',
    `Max-Age=${Math.max(0, Math.floor(args.maxAgeSeconds))}`,
    isFramed ? 'SameSite=None' : 'SameSite=Strict',
    ...(args.settings.isCookieSecure || isFramed ? ['Secure'] : []),
    ...(isFramed ? ['Partitioned'] : []),
  ].join('; ')
}

/** The `Set-Cookie` value that removes the session cookie. */
export const clearedSessionCookie = (settings: PortalSettings) =>
  sessionCookie({ token: '', maxAgeSeconds: 0, settings })

/** The session token a request's `Cookie` header carries, if any. */
export function sessionTokenOf(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === portalCookieName) return value.join('=') || undefined
  }
  return undefined
}
