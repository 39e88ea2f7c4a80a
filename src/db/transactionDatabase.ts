import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

/** The postgres adapter of a Payload instance (raw SQL goes through its drizzle handle). */
export const postgres = (payload: Payload) => payload.db as unknown as PostgresAdapter

/** The drizzle handle of `req`'s open transaction, or the pool when there is none. */
export async function transactionDatabase(req: PayloadRequest) {
  const adapter = postgres(req.payload)
  const transactionID = req.transactionID === undefined ? undefined : await req.transactionID
  const session = transactionID === undefined ? undefined : adapter.sessions?.[transactionID]
  return session?.db ?? adapter.drizzle
}
