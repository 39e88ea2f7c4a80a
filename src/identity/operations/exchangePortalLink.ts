import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import {
  configuredKeyValues,
  portalCredentialIsCurrent,
  portalSessionsAsS,
} from '../portal/portalCredential'
import { hashPortalToken, isPortalTokenShaped, newPortalToken } from '../portal/portalTokens'

/** The session a portal link became. */
export type OpenedPortalSession = {
  /** The cookie's secret; stored only as its hash. */
  sessionToken: string
  consumerId: string
  isReadOnly: boolean
  /** When the session ends however busy it is. */
  endsAt: Date
}

/**
 * Opens the session of the link carrying `token`: once, only before the link expires, and only
 * while the credential that asked for the link is still valid. Two requests with the same link
 * race on one row's update: one gets the session, the other nothing. A used, expired, revoked,
 * unknown or malformed token gives `undefined`.
 */
export async function exchangePortalLink(args: {
  payload: Payload
  token: unknown
  sessionHours: number
}): Promise<OpenedPortalSession | undefined> {
  if (!isPortalTokenShaped(args.token)) return undefined
  const sessionToken = newPortalToken()
  const { rows } = await postgres(args.payload).pool.query<{
    consumer_id: string
    is_read_only: boolean
    ends_at: Date
  }>(
    `UPDATE ${portalSessionsAsS}
        SET session_hash = $2, opened_at = now(), last_seen_at = now(),
            ends_at = now() + make_interval(hours => $3)
      WHERE link_hash = $1 AND session_hash IS NULL AND opened_at IS NULL
        AND link_expires_at > now()
        AND ${portalCredentialIsCurrent({ configuredKey: '$4', configuredConsumer: '$5' })}
      RETURNING consumer_id, is_read_only, ends_at`,
    [
      hashPortalToken(args.token),
      hashPortalToken(sessionToken),
      args.sessionHours,
      ...configuredKeyValues(args.payload),
    ],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    sessionToken,
    consumerId: row.consumer_id,
    isReadOnly: row.is_read_only,
    endsAt: row.ends_at,
  }
}
