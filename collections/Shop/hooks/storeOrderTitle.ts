import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import type { Order } from '@/payload-types'
import { orderTitle } from '@/shop/orderStatus'

/**
 * Titles a new order `Order #<id>` (its admin title, searchable in the list). The id exists only
 * once the row does, so the title is written after the insert, in the same transaction.
 */
export const storeOrderTitle: CollectionAfterChangeHook<Order> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create') return doc
  const title = orderTitle(doc.id)
  const db = await transactionDatabase(req)
  await db.execute(sql`UPDATE orders SET title = ${title} WHERE id = ${doc.id}`)
  return { ...doc, title }
}
