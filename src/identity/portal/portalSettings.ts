import { custom, wholeNumber } from '@/config/readers'
import { optional, setting, type ValuesOf } from '@/config/variables'
import { portalFrameAncestors } from '@/http/corsOrigins'

declare module '@/config/appConfig' {
  interface AppConfig {
    portal: PortalSettings
  }
}

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

/** The variables of the portal, listed with the webhooks' (the portal is where integrators manage theirs). */
export const portalVariables = {
  PORTAL_LINK_MINUTES: setting({
    group: 'Webhooks',
    description:
      'Minutes a portal link (`POST /webhooks/portal-sessions`) stays valid when the request names no `expires_in_minutes`.',
    reader: wholeNumber({ min: 1, max: 1440 }),
    fallback: '15',
  }),
  PORTAL_SESSION_IDLE_MINUTES: setting({
    group: 'Webhooks',
    description: 'A portal session ends after this many minutes without a request.',
    reader: wholeNumber({ min: 1, max: 1440 }),
    fallback: '30',
  }),
  PORTAL_SESSION_HOURS: setting({
    group: 'Webhooks',
    description: 'A portal session ends this many hours after its link was opened, however busy.',
    reader: wholeNumber({ min: 1, max: 168 }),
    fallback: '12',
  }),
  PORTAL_FRAME_ANCESTORS: optional({
    group: 'Webhooks',
    description:
      'Origins whose pages may embed the portal in a frame (comma-separated `scheme://host[:port]`); the session cookie is then `SameSite=None; Secure; Partitioned`.',
    reader: custom('comma-separated origins', portalFrameAncestors),
    unset: 'no page may frame the portal',
  }),
}

/** The portal's settings from its variables' values; its cookie is `Secure` in production. */
export function portalSettings(
  v: ValuesOf<typeof portalVariables>,
  { isProduction }: { isProduction: boolean },
): PortalSettings {
  return {
    linkMinutes: v.PORTAL_LINK_MINUTES,
    idleMinutes: v.PORTAL_SESSION_IDLE_MINUTES,
    sessionHours: v.PORTAL_SESSION_HOURS,
    frameAncestors: v.PORTAL_FRAME_ANCESTORS ?? [],
    isCookieSecure: isProduction,
  }
}
