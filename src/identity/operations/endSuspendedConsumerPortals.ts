import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { portalSessionTableName } from '../portal/portalSessionTable'

/**
 * Ends every portal link and session of consumer `consumerId`, in `req`'s transaction (its
 * suspension's): a link not yet opened no longer opens and a session's next request is a 401.
 * The rows stay, ended, so that the cookie of an ended session can still say why it ended
 * (`explainEndedPortalSession`); they go with the consumer or with the retention of the rows.
 */
export async function endSuspendedConsumerPortals(req: PayloadRequest, consumerId: string) {
  const db = await transactionDatabase(req)
  await db.execute(sql`
    UPDATE ${sql.identifier(portalSessionTableName)}
    SET ends_at = least(coalesce(ends_at, now()), now()),
        link_expires_at = least(link_expires_at, now())
    WHERE consumer_id = ${consumerId}`)
}
