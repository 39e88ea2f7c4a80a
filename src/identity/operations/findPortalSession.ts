import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import {
  configuredKeyValues,
  portalCredentialIsCurrent,
  portalSessionsAsS,
} from '../portal/portalCredential'
import { hashPortalToken, isPortalTokenShaped } from '../portal/portalTokens'

/** A live portal session. */
export type PortalSession = {
  id: number
  consumerId: string
  isReadOnly: boolean
  /** `consumer`, or `admin:<user id>` when an admin opened it from the admin panel. */
  openedBy: string
  /** When it ends unless used again: its idle limit from now, or its end, whichever is first. */
  expiresAt: Date
}

/**
 * The live session whose cookie carries `token`, marked as used now (which restarts its idle
 * time), or `undefined` when it ended, idled out, outlived the credential that opened it (the
 * consumer's key changed or API access was turned off; the admin who opened it is no longer
 * one), or never was.
 */
export async function findPortalSession(args: {
  payload: Payload
  token: string | undefined
  idleMinutes: number
}): Promise<PortalSession | undefined> {
  if (!isPortalTokenShaped(args.token)) return undefined
  const { rows } = await postgres(args.payload).pool.query<{
    id: number
    consumer_id: string
    is_read_only: boolean
    opened_by: string
    expires_at: Date
  }>(
    `UPDATE ${portalSessionsAsS}
        SET last_seen_at = now()
      WHERE session_hash = $1 AND ends_at > now()
        AND last_seen_at > now() - make_interval(mins => $2)
        AND ${portalCredentialIsCurrent({ configuredKey: '$3', configuredConsumer: '$4' })}
      RETURNING id, consumer_id, is_read_only, opened_by,
                least(ends_at, now() + make_interval(mins => $2)) AS expires_at`,
    [hashPortalToken(args.token), args.idleMinutes, ...configuredKeyValues(args.payload)],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    id: row.id,
    consumerId: row.consumer_id,
    isReadOnly: row.is_read_only,
    openedBy: row.opened_by,
    expiresAt: row.expires_at,
  }
}
