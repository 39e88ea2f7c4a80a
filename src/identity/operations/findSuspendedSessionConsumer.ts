import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { suspensionOf, type Suspension } from '@/webhooks/suspension'
import { portalSessionTableName } from '../portal/portalSessionTable'
import { hashPortalToken, isPortalTokenShaped } from '../portal/portalTokens'

/**
 * The suspension of the consumer whose portal session (ended or not) the cookie `token` opened,
 * or null when that consumer is not suspended (or the token names no session): an ended
 * session's page then says why it ended. Read only when a cookie opened nothing.
 */
export async function findSuspendedSessionConsumer(
  payload: Payload,
  token: string | undefined,
): Promise<Suspension | null> {
  if (!isPortalTokenShaped(token)) return null
  const { rows } = await postgres(payload).pool.query<{
    suspended: boolean | null
    suspension_reason: string | null
    suspended_at: Date | null
  }>(
    `SELECT c.suspended, c.suspension_reason, c.suspended_at
     FROM ${portalSessionTableName} p JOIN consumers c ON c.id = p.consumer_id
     WHERE p.session_hash = $1`,
    [hashPortalToken(token)],
  )
  const row = rows[0]
  if (!row) return null
  return suspensionOf({
    suspended: row.suspended,
    suspensionReason: row.suspension_reason,
    suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
  })
}
