/**
 * The headers of a portal page (`/portal/...`): a Content-Security-Policy that lets only this
 * app's own scripts run (those carrying the request's `nonce`, and what they load), styles and
 * images only from this app, requests only to it, and no frame but the configured embedders';
 * and no `Referer` leaves a portal page at all.
 */
export function portalPageHeaders(args: {
  /** A fresh random value of this request, put on the page's own scripts by Next. */
  nonce: string
  /** Origins that may frame the portal; none when empty. */
  frameAncestors: string[]
  /** `next dev` needs `eval` (fast refresh) and injects its styles. */
  isDevelopment: boolean
}): Record<string, string> {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${args.nonce}' 'strict-dynamic'${args.isDevelopment ? " 'unsafe-eval'" : ''}`,
    `style-src 'self'${args.isDevelopment ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${args.frameAncestors.length ? args.frameAncestors.join(' ') : "'none'"}`,
  ]
  return {
    'content-security-policy': directives.join('; '),
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...(args.frameAncestors.length ? {} : { 'x-frame-options': 'DENY' }),
  }
}

/** Whether a path is one of the portal's pages. */
export const isPortalPage = (pathname: string) =>
  pathname === '/portal' || pathname.startsWith('/portal/')
