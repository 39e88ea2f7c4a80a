import type { PayloadRequest } from 'payload'

import { generateSecret, rotationWindowMs } from '../secret'
import { inTransaction } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'
import { sql } from '@payloadcms/db-postgres'

/** The outcome of a rotation. */
export type RotatedSecret = {
  /** The new signing secret, shown to the consumer this once. */
  secret: string
  /** Until when the previous secret also signs. */
  validUntil: Date
}

/**
 * Rotates the caller's subscription secret (404 for anyone else's), in one transaction: a new
 * secret, the current one kept as `secret_old` and still signing (second) for ten minutes.
 */
export async function rotateSecret(args: {
  req: PayloadRequest
  id: string
}): Promise<RotatedSecret> {
  const { req, id } = args
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    const secret = generateSecret()
    const rotatedAt = new Date()
    // The current secret is hidden from the Local API, so the swap is one SQL statement.
    await db.execute(sql`
      UPDATE webhook_subscriptions
      SET secret_old = secret, secret = ${secret}, secret_rotated_at = ${rotatedAt.toISOString()},
        updated_at = now()
      WHERE id = ${id}`)
    return {
      secret,
      validUntil: new Date(rotatedAt.getTime() + rotationWindowMs),
    }
  })
}
