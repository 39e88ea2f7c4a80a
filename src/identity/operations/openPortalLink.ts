import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { portalSessionTableName } from '../portal/portalSessionTable'
import { hashPortalToken, newPortalToken } from '../portal/portalTokens'

/** A one-time link into a consumer's portal. */
export type PortalLink = {
  /** The secret the link carries; stored only as its hash. */
  token: string
  /** Until when the link can be opened. */
  expiresAt: Date
}

/**
 * Issues a link into `consumerId`'s portal, valid `minutes` and opened at most once, and
 * deletes that consumer's links and sessions that can no longer be used.
 */
export async function openPortalLink(args: {
  payload: Payload
  consumerId: string
  isReadOnly: boolean
  minutes: number
  /** `consumer`, or `admin:<user id>` when an admin opened it from the admin panel. */
  openedBy: string
  /** For `consumer`: the HMAC index of the API key that asked (`apiKeyIndex`). */
  keyIndex: string | null
  idleMinutes: number
}): Promise<PortalLink> {
  const token = newPortalToken()
  const { rows } = await postgres(args.payload).pool.query<{ link_expires_at: Date }>(
    `WITH dead AS (
       DELETE FROM ${portalSessionTableName}
        WHERE consumer_id = $1
          AND ((session_hash IS NULL AND link_expires_at < now())
               OR ends_at < now()
               OR last_seen_at < now() - make_interval(mins => $6))
     )
     INSERT INTO ${portalSessionTableName}
            (consumer_id, is_read_only, opened_by, key_index, link_hash, link_expires_at)
     VALUES ($1, $2, $3, $7, $4, now() + make_interval(mins => $5))
     RETURNING link_expires_at`,
    [
      args.consumerId,
      args.isReadOnly,
      args.openedBy,
      hashPortalToken(token),
      args.minutes,
      args.idleMinutes,
      args.keyIndex,
    ],
  )
  return { token, expiresAt: rows[0]!.link_expires_at }
}
