import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { forbidden } from '@/http/errors'
import { findPortalSession, type PortalSession } from '../operations/findPortalSession'
import { findSuspendedSessionConsumer } from '../operations/findSuspendedSessionConsumer'
import { consumerSuspendedMessage } from '../consumerSuspension'
import { suspensionOf } from '@/webhooks/suspension'
import { sessionTokenOf } from './portalTokens'

/** The methods that change something: a cookie session needs a same-origin request for them. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The portal session a request was authenticated with, if any (set by `authenticatePortalSession`). */
export const portalSessionOf = (req: PayloadRequest) =>
  req.context.portalSession as PortalSession | undefined

/** What a request's portal session cookie amounts to. */
export type PortalAuthentication =
  | { state: 'absent' }
  /** A cookie that opens nothing (ended, idle, unknown): `reason` says so. */
  | { state: 'ended'; reason: string }
  | { state: 'live'; session: PortalSession }

/**
 * Authenticates a request by its portal session cookie, on the routes that accept one and only
 * when no credential header is presented (an API key or token speaks for itself). The session's
 * consumer becomes `req.user`, in place of an admin the browser is also logged in as: an admin
 * who opened a consumer's portal acts as that consumer there, and only there. Refuses nothing
 * itself: the caller answers an ended session with 401 and checks a live one's change with
 * `assertPortalChangeAllowed`, after counting the request against its rate limit. A suspended
 * consumer's session has ended, and its 401 names the suspension and its reason.
 */
export async function authenticatePortalSession(
  req: PayloadRequest,
): Promise<PortalAuthentication> {
  const token = sessionTokenOf(req.headers.get('cookie'))
  if (!token || req.headers.get('authorization') || req.headers.get('x-api-key')) {
    return { state: 'absent' }
  }
  const settings = configOf(req.payload).portal
  const session = await findPortalSession({
    payload: req.payload,
    token,
    idleMinutes: settings.idleMinutes,
  })
  const consumer = session
    ? await req.payload.findByID({
        collection: 'consumers',
        id: session.consumerId,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      })
    : null
  // A suspended consumer's sessions ended with its suspension: the page says so, and why.
  const suspension = consumer
    ? suspensionOf(consumer)
    : await findSuspendedSessionConsumer(req.payload, token)
  if (suspension) return { state: 'ended', reason: consumerSuspendedMessage(suspension) }
  if (!session || !consumer) {
    return {
      state: 'ended',
      reason:
        `Your portal session has ended (signed out, idle for ${settings.idleMinutes} minutes, ` +
        'past its last hour, or ended with the API key or by an admin): open a new portal link',
    }
  }
  req.user = { ...consumer, collection: 'consumers', _strategy: 'portal-session' } as NonNullable<
    PayloadRequest['user']
  >
  req.context.portalSession = session
  return { state: 'live', session }
}

/**
 * A cookie is sent by the browser on its own, so a change made with one needs proof the portal
 * asked for it: an `Origin` (or `Sec-Fetch-Site: same-origin`) of this site, else 403, whatever
 * `SameSite` the browser applied. A read-only session changes nothing (403) but may sign out.
 */
export function assertPortalChangeAllowed(
  req: PayloadRequest,
  session: PortalSession,
  options: { isSignOut: boolean },
) {
  if (safeMethods.has((req.method ?? 'GET').toUpperCase())) return
  assertSameOrigin(req)
  if (session.isReadOnly && !options.isSignOut) {
    throw forbidden('This portal session is read-only: it can look at everything, change nothing')
  }
}

/**
 * Refuses a change that a page of another site could have made the browser send: its `Origin`
 * must name this host (the one the browser asked: `Host`, or `X-Forwarded-Host` behind a trusted
 * proxy), or, when a browser sends no `Origin`,
 * `Sec-Fetch-Site` must say `same-origin`.
 */
export function assertSameOrigin(req: PayloadRequest) {
  const isBehindProxy = configOf(req.payload).server.trustedProxyHops > 0
  const origin = req.headers.get('origin')
  const forwardedHost = isBehindProxy ? req.headers.get('x-forwarded-host') : null
  const host = forwardedHost ?? req.headers.get('host')
  if (origin && origin !== 'null') {
    if (URL.canParse(origin) && host && new URL(origin).host === host) return
  } else if (req.headers.get('sec-fetch-site') === 'same-origin') {
    return
  }
  throw forbidden(
    'Cross-site request refused: the portal is changed only from its own pages ' +
      `(Origin ${origin ?? 'absent'})`,
  )
}
