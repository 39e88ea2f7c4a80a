import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { HttpError } from '@/http/errors'
import { generateSecret, rotationWindowMs } from '../secret'
import { inTransaction, type TransactionDb } from '@/db/transaction'
import { findOwnSubscription } from './findOwnSubscription'
import { subscriptionsTableName } from '../schema/collectionTables'

/** The outcome of a rotation. */
export type RotatedSecret = {
  /** The new signing secret, shown to the consumer this once. */
  secret: string
  /** Until when the previous secret also signs. */
  validUntil: Date
}

/**
 * Rotates the caller's subscription secret (404 for anyone else's), in one transaction: a new
 * secret, the current one kept as `secret_old` and still signing for the window
 * (`rotationWindowMs`). Every secret keeps signing until the time its rotation's answer promised:
 * a second rotation inside the window (a client retrying a call that timed out) keeps the one
 * before as `secret_older` until its own window ends, so a delivery may carry three signatures.
 * A third rotation inside the window would have to drop a promised secret: it is refused with a
 * 409 naming when rotating is possible again (and `Retry-After`).
 *
 * The swap is one conditional `UPDATE` (the current secret is hidden from the Local API), so two
 * rotations at once are serialised by the row lock, and the second sees what the first wrote.
 */
export async function rotateSecret(args: {
  req: PayloadRequest
  id: string
  /**
   * Records the rotation in the audit trail, in the rotation's transaction (the engine knows no
   * other domain: the caller hands in the audit trail's writer).
   */
  recordRotation: (req: PayloadRequest, subscriptionId: string) => Promise<void>
}): Promise<RotatedSecret> {
  const { req, id, recordRotation } = args
  return inTransaction(req, async (db) => {
    await findOwnSubscription(req, id)
    const secret = generateSecret()
    const window = sql`make_interval(secs => ${rotationWindowMs / 1000})`
    const isOldPromised = sql`secret_rotated_at + ${window} > now()`
    const { rows } = await db.execute<{ rotated_at: string }>(sql`
      UPDATE ${sql.identifier(subscriptionsTableName)}
      SET secret_older = CASE WHEN ${isOldPromised} THEN secret_old END,
          secret_older_valid_until = CASE WHEN ${isOldPromised}
            THEN secret_rotated_at + ${window} END,
          secret_old = secret, secret = ${secret}, secret_rotated_at = now(), updated_at = now()
      WHERE id = ${id}
        AND (secret_older_valid_until IS NULL OR secret_older_valid_until <= now())
      RETURNING secret_rotated_at AS rotated_at`)
    const rotated = rows[0]
    if (!rotated) throw await rotationRefused(db, id)
    await recordRotation(req, id)
    return {
      secret,
      validUntil: new Date(new Date(rotated.rotated_at).getTime() + rotationWindowMs),
    }
  })
}

/** The 409 of a third rotation inside the window: when the oldest promised secret expires. */
async function rotationRefused(db: TransactionDb, id: string): Promise<HttpError> {
  const { rows } = await db.execute<{ until: string }>(sql`
    SELECT secret_older_valid_until AS until FROM ${sql.identifier(subscriptionsTableName)} WHERE id = ${id}`)
  const until = new Date(rows[0]!.until)
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))
  return new HttpError({
    code: 'conflict',
    message:
      'The secret was rotated twice in the last 10 minutes: the secrets those answers promised ' +
      `keep signing until ${until.toISOString()}, and a third rotation would drop one. ` +
      `Rotate again after ${until.toISOString()}.`,
    headers: { 'Retry-After': String(seconds) },
  })
}
