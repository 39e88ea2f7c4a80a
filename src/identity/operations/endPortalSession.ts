import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { portalSessionTableName } from '../portal/portalSessionTable'

/** Ends the portal session `id` at once (signing out): its cookie opens nothing any more. */
export async function endPortalSession(args: { payload: Payload; id: number }): Promise<void> {
  await postgres(args.payload).pool.query(
    `UPDATE ${portalSessionTableName} SET ends_at = now() WHERE id = $1`,
    [args.id],
  )
}
