import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import {
  commitTransaction,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'

/** A drizzle handle raw SQL runs on: a transaction's (it commits or rolls back with it) or the pool's. */
export type TransactionDb = {
  execute: <Row = Record<string, unknown>>(
    query: ReturnType<typeof sql>,
  ) => Promise<{ rows: Row[] }>
}

/**
 * Payload's database adapter as what it is here, PostgreSQL: its `pool` and `drizzle` handle.
 * The one place the code narrows `payload.db` to reach raw SQL.
 */
export const postgres = (payload: Payload) => payload.db as unknown as PostgresAdapter

/** The handle of `req`'s open transaction, or the pool's when it has none. */
export async function transactionDatabase(req: PayloadRequest): Promise<TransactionDb> {
  const adapter = postgres(req.payload)
  const transactionID = req.transactionID === undefined ? undefined : await req.transactionID
  const session = transactionID === undefined ? undefined : adapter.sessions?.[transactionID]
  return (session?.db ?? adapter.drizzle) as unknown as TransactionDb
}

/**
 * Runs `work` in `req`'s transaction (starting one when `req` has none, joining it otherwise):
 * every Local API call given `req` and every raw statement on the handed `db` commit together,
 * or none does. The operation that starts the transaction owns it: it commits or rolls back.
 */
export async function inTransaction<T>(
  req: PayloadRequest,
  work: (db: TransactionDb) => Promise<T>,
): Promise<T> {
  const isOwnTransaction = await initTransaction(req)
  try {
    const result = await work(await transactionDatabase(req))
    if (isOwnTransaction) await commitTransaction(req)
    return result
  } catch (error) {
    if (isOwnTransaction) await killTransaction(req)
    throw error
  }
}
