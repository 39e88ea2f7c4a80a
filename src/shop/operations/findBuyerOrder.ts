import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { postgres, type TransactionDb } from '@/db/transaction'
import type { Order } from '@/payload-types'
import { isOrderToken } from '../orderToken'

/**
 * The order `id` for its buyer: the caller presented the order's token (`X-Order-Token`), or is
 * the signed-in user it belongs to. Undefined otherwise, and for an order that does not exist,
 * alike: access is decided on the order's token hash and owner alone, before anything of the
 * order is read, and the token is compared in constant time.
 */
export async function findBuyerOrder(args: {
  payload: Payload
  id: number
  /** The `X-Order-Token` header as sent, or null. */
  token: string | null
  /** The signed-in user's id, when the caller is one. */
  userId?: number
}): Promise<Order | undefined> {
  const db = postgres(args.payload).drizzle as unknown as TransactionDb
  const { rows } = await db.execute<{ token_hash: string | null; user_id: number | null }>(sql`
    SELECT order_token_hash AS token_hash, user_id FROM orders WHERE id = ${args.id}`)
  const row = rows[0]
  const hasToken = isOrderToken(args.token, row?.token_hash)
  const isOwner = args.userId !== undefined && row?.user_id === args.userId
  if (!row || !(hasToken || isOwner)) return undefined
  // Access is decided above (a token is no Payload user): read it as the system.
  const order = await args.payload.findByID({
    collection: 'orders',
    id: args.id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  return order ?? undefined
}
