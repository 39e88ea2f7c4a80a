/** How portal links and sessions behave (`PORTAL_*` variables). */
export type PortalSettings = {
  /** `PORTAL_LINK_MINUTES`: a link's life when its request names none. */
  linkMinutes: number
  /** `PORTAL_SESSION_IDLE_MINUTES`: a session ends after this long without a request. */
  idleMinutes: number
  /** `PORTAL_SESSION_HOURS`: a session ends this long after its link was opened. */
  sessionHours: number
  /** `PORTAL_FRAME_ANCESTORS`: origins that may frame the portal; none when empty. */
  frameAncestors: string[]
  /** The session cookie is `Secure` in production (framed, `sessionCookie` makes it so always). */
  isCookieSecure: boolean
}

/** The longest life a portal link may be given: a day. */
export const maxLinkMinutes = 1440
