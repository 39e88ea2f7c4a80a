import type { PayloadRequest } from 'payload'

import { generateSecret, rotationWindowMs } from '../secret'
import { transactionDatabase } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'
import { sql } from '@payloadcms/db-postgres'

/**
 * Rotates the caller's subscription secret (spec, Secret rotation): a new secret, the current
 * one kept as `secret_old` and still signing (second) for ten minutes.
 */
export async function rotateSecret(args: { req: PayloadRequest; id: string }) {
  const { req, id } = args
  await findOwnSubscription(req, id)
  const secret = generateSecret()
  const rotatedAt = new Date()
  // The current secret is hidden from the Local API, so the swap is one SQL statement.
  const db = await transactionDatabase(req)
  await db.execute(sql`
    UPDATE webhook_subscriptions
    SET secret_old = secret, secret = ${secret}, secret_rotated_at = ${rotatedAt.toISOString()},
      updated_at = now()
    WHERE id = ${id}`)
  return {
    secret,
    validUntil: new Date(rotatedAt.getTime() + rotationWindowMs),
  }
}
