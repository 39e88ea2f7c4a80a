import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { inTransaction } from '@/db/transaction'
import { recordAudit } from './recordAudit'
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
 * deletes that consumer's links and sessions that can no longer be used; the audit log records
 * who opened it (`portal-open`, on the consumer), in the same transaction.
 */
export async function openPortalLink(args: {
  req: PayloadRequest
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
  const idle = sql`make_interval(mins => ${args.idleMinutes})`
  return inTransaction(args.req, async (db) => {
    const { rows } = await db.execute<{ link_expires_at: string }>(
      sql`WITH dead AS (
         DELETE FROM ${sql.identifier(portalSessionTableName)}
          WHERE consumer_id = ${args.consumerId}
            AND ((session_hash IS NULL AND link_expires_at < now())
                 OR ends_at < now()
                 OR last_seen_at < now() - ${idle})
       )
       INSERT INTO ${sql.identifier(portalSessionTableName)}
              (consumer_id, is_read_only, opened_by, key_index, link_hash, link_expires_at)
       VALUES (${args.consumerId}, ${args.isReadOnly}, ${args.openedBy}, ${args.keyIndex},
               ${hashPortalToken(token)}, now() + make_interval(mins => ${args.minutes}))
       RETURNING link_expires_at`,
    )
    await recordAudit(args.req, {
      action: 'portal-open',
      target: { collection: 'consumers', id: args.consumerId },
      data: { openedBy: args.openedBy, readOnly: args.isReadOnly, minutes: args.minutes },
    })
    return { token, expiresAt: new Date(rows[0]!.link_expires_at) }
  })
}
