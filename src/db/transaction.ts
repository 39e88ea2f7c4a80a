import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/** The drizzle handle of a transaction: raw SQL through it commits or rolls back with it. */
export type TransactionDb = {
  execute: <Row = Record<string, unknown>>(
    query: ReturnType<typeof sql>,
  ) => Promise<{ rows: Row[] }>
}

/**
 * Runs `work` in `req`'s transaction (starting one when `req` has none): every Local API call
 * given `req` and every raw statement on the handed `db` commit together, or none does.
 */
export async function inTransaction<T>(
  req: PayloadRequest,
  work: (db: TransactionDb) => Promise<T>,
): Promise<T> {
  const isOwnTransaction = await initTransaction(req)
  try {
    const adapter = req.payload.db as unknown as PostgresAdapter
    const session = adapter.sessions[String(await req.transactionID)]
    const result = await work((session?.db ?? adapter.drizzle) as unknown as TransactionDb)
    if (isOwnTransaction) await commitTransaction(req)
    return result
  } catch (error) {
    if (isOwnTransaction) await killTransaction(req)
    throw error
  }
}
