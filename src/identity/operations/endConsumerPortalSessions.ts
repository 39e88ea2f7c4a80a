import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { portalSessionTableName } from '../portal/portalSessionTable'

/**
 * Ends every portal link and session of `consumerId` at once (an admin's "End portal sessions"):
 * their rows are deleted, so no link opens and no cookie is recognised. Answers how many
 * links or sessions were still live.
 */
export async function endConsumerPortalSessions(args: {
  payload: Payload
  consumerId: string
}): Promise<number> {
  const { rows } = await postgres(args.payload).pool.query<{ live: string }>(
    `WITH ended AS (
       DELETE FROM ${portalSessionTableName} WHERE consumer_id = $1
       RETURNING (session_hash IS NULL AND link_expires_at > now())
                 OR (ends_at > now()) AS is_live
     )
     SELECT count(*) FILTER (WHERE is_live) AS live FROM ended`,
    [args.consumerId],
  )
  return Number(rows[0]?.live ?? 0)
}
