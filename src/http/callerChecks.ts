import type { Payload, PayloadRequest } from 'payload'

import type { EndpointAccess } from '@/openapi/operation'

/** The caller a request was authenticated as (`req.user`), once there is one. */
export type Caller = NonNullable<PayloadRequest['user']>

/** What a request's cookie session amounts to, on the routes that accept one. */
export type SessionAuthentication =
  | { state: 'absent' }
  /** A cookie that opens nothing (ended, idle, unknown): `reason` says so, for the 401. */
  | { state: 'ended'; reason: string }
  /** The session is `req.user` now; a change made with it must pass `assertChangeAllowed`. */
  | { state: 'live'; assertChangeAllowed: (options: { isSignOut: boolean }) => void }

/**
 * Who may call what: the rules `defineEndpoint` applies but does not own. Roles and the
 * portal's cookie session belong to the identity domain, which builds these checks; the
 * composition root (`payload.config.ts`) hands them to Payload beside the configuration, so
 * the HTTP layer asks the instance instead of importing a domain.
 */
export type CallerChecks = {
  /** Whether an authenticated caller holds what each access level above `anyone` asks for. */
  permits: Record<Exclude<EndpointAccess, 'anyone'>, (caller: Caller) => boolean>
  /**
   * Authenticates a request by its cookie session (the endpoints whose reference accepts
   * `portalSession`); refuses nothing itself.
   */
  authenticateSession: (req: PayloadRequest) => Promise<SessionAuthentication>
  /**
   * Why a credential header that authenticated no one was refused, when it is the holder's
   * standing and not the credential (a suspended consumer's API key): the 403's message. Null
   * for a credential that is simply wrong (a 401). Asked only on that refusal.
   */
  whyCredentialRefused: (req: PayloadRequest) => Promise<string | null>
}

/** The caller checks a Payload instance was built with (`payload.config.ts` puts them there). */
export function callerChecksOf(payload: Pick<Payload, 'config'>): CallerChecks {
  const checks = (payload.config.custom as { callerChecks?: CallerChecks } | undefined)
    ?.callerChecks
  if (!checks) throw new Error('This Payload instance was built without the caller checks')
  return checks
}
