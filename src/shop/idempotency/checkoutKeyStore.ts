import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import { idempotencyKeyLifetimeHours } from './idempotencyKey'
import { checkoutKeyTableName } from './checkoutKeyTable'

const table = sql.raw(`"${checkoutKeyTableName}"`)
const lifetime = sql.raw(`interval '${idempotencyKeyLifetimeHours} hours'`)

/** One client's key. */
export type CheckoutKeyId = { scope: string; key: string }

/** A key as stored. */
export type StoredCheckoutKey<Result> = {
  requestHash: string
  orderId: number | null
  /** The answer, once the checkout succeeded; null while it runs. */
  result: Result | null
  /** The answer's order token, sealed (`sealOrderToken`); null while it runs. */
  orderTokenSealed: string | null
}

/**
 * The live row of a key, or undefined. A row older than the keys' lifetime (24 hours) is
 * deleted first, and so is one still unanswered after `abandonAfterMs` (its checkout died
 * between its commit and its answer): either way the key is new again.
 */
export async function findCheckoutKey<Result>(
  db: TransactionDb,
  id: CheckoutKeyId & { abandonAfterMs: number },
): Promise<StoredCheckoutKey<Result> | undefined> {
  await db.execute(sql`
    DELETE FROM ${table}
    WHERE scope = ${id.scope} AND key = ${id.key}
      AND (created_at < now() - ${lifetime}
           OR (result IS NULL AND created_at < now() - make_interval(secs => ${id.abandonAfterMs / 1000})))`)
  const { rows } = await db.execute<{
    request_hash: string
    order_id: number | null
    result: Result | null
    order_token_sealed: string | null
  }>(sql`
    SELECT request_hash, order_id, result, order_token_sealed FROM ${table}
    WHERE scope = ${id.scope} AND key = ${id.key}`)
  const row = rows[0]
  return (
    row && {
      requestHash: row.request_hash,
      orderId: row.order_id,
      result: row.result,
      orderTokenSealed: row.order_token_sealed,
    }
  )
}

/**
 * Takes the key for this request in `db`'s transaction: false when another request holds it.
 * While that request's transaction is open this waits for it (PostgreSQL's unique check), so
 * of two requests with one key only one ever passes; a rolled-back holder leaves the key free.
 */
export async function claimCheckoutKey(
  db: TransactionDb,
  id: CheckoutKeyId & { requestHash: string },
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    INSERT INTO ${table} (scope, key, request_hash)
    VALUES (${id.scope}, ${id.key}, ${id.requestHash})
    ON CONFLICT (scope, key) DO NOTHING
    RETURNING 1 AS claimed`)
  return rows.length === 1
}

/** Names the order the key's checkout created (in the same transaction). */
export async function recordCheckoutKeyOrder(
  db: TransactionDb,
  id: CheckoutKeyId & { orderId: number },
) {
  await db.execute(sql`
    UPDATE ${table} SET order_id = ${id.orderId}
    WHERE scope = ${id.scope} AND key = ${id.key}`)
}

/**
 * Stores the answer of the key's checkout, its order token sealed apart from it: from now on it
 * is given again.
 */
export async function completeCheckoutKey<Result>(
  db: TransactionDb,
  id: CheckoutKeyId & { orderId: number; result: Result; orderTokenSealed: string },
) {
  await db.execute(sql`
    UPDATE ${table}
    SET result = ${JSON.stringify(id.result)}::jsonb, order_token_sealed = ${id.orderTokenSealed},
        completed_at = now()
    WHERE scope = ${id.scope} AND key = ${id.key} AND order_id = ${id.orderId}`)
}

/** Frees the key of a checkout that failed after its commit: a retry runs the checkout again. */
export async function releaseCheckoutKey(
  db: TransactionDb,
  id: CheckoutKeyId & { orderId: number },
) {
  await db.execute(sql`
    DELETE FROM ${table}
    WHERE scope = ${id.scope} AND key = ${id.key} AND order_id = ${id.orderId}`)
}

/** Deletes every key past its lifetime (the order sweeper's housekeeping); returns how many. */
export async function deleteExpiredCheckoutKeys(db: TransactionDb): Promise<number> {
  const { rows } = await db.execute(sql`
    DELETE FROM ${table} WHERE created_at < now() - ${lifetime} RETURNING 1 AS deleted`)
  return rows.length
}
