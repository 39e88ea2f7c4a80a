import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { conflict } from '@/http/errors'
import type { WebhookDelivery } from '@/payload-types'
import { deliveriesChannel } from '../schema/outboxTable'
import { inTransaction } from '@/db/transaction'
import { readOwnDelivery } from './findOwnDelivery'
import { deliveriesTableName } from '../schema/collectionTables'

/**
 * Makes a delivery due again at once (manual redelivery), unless it is being sent right now
 * (409: `delivering` under a live lease; one whose lease lapsed is no longer in flight, and an
 * outcome its worker still writes is not recorded). A consumer may retry only deliveries of
 * its own subscriptions (404 otherwise); admins any. The attempt counts as one more: a dead
 * delivery that fails again stays dead. Runs in one transaction; the workers are woken when it
 * commits.
 */
export async function retryDelivery(args: {
  req: PayloadRequest
  id: number
}): Promise<WebhookDelivery> {
  const { req, id } = args
  return inTransaction(req, async (db) => {
    await readOwnDelivery(req, id)
    const { rows } = await db.execute<{ id: number }>(sql`
      UPDATE ${sql.identifier(deliveriesTableName)}
      SET status = 'pending', next_attempt_at = now(), lease_expires_at = NULL, is_manual = true,
          updated_at = now()
      WHERE id = ${id}
        AND (status <> 'delivering' OR lease_expires_at <= now())
      RETURNING id`)
    if (!rows.length) throw conflict('The delivery is being sent right now; try again shortly')
    await db.execute(sql`SELECT pg_notify(${deliveriesChannel}, '')`)
    return req.payload.findByID({ collection: 'webhook-deliveries', id, req, depth: 0 })
  })
}
