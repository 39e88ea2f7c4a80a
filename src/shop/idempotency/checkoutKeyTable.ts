import {
  type AnyPgColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt as at, type PostgresSchemaHook } from '@/db/schemaHook'

/** The `Idempotency-Key`s of checkouts, one row per client and key. */
export const checkoutKeyTableName = 'checkout_idempotency_keys'

/**
 * Declares the checkout keys in Payload's schema (after the collections' tables: a key names its
 * order and goes with it), so that schema push and migrations create it. A row is taken in the
 * checkout's own transaction before anything else, so a second request with the key waits for
 * the first; it holds the answer once the payment session is open (`result`), and is deleted
 * when the checkout fails, so that only a success is ever given again.
 */
export const checkoutKeyTable: PostgresSchemaHook = ({ schema }) => {
  const orders = schema.tables.orders as unknown as { id: AnyPgColumn } | undefined
  if (!orders) throw new Error('Orders are not registered')
  return {
    ...schema,
    tables: {
      ...schema.tables,
      [checkoutKeyTableName]: pgTable(
        checkoutKeyTableName,
        {
          // A row's own id, the primary key: a key of two columns (scope, key) is one Payload's
          // development push cannot read back (drizzle-kit drops the parameters of that query),
          // so `npm run dev` failed its first request. The pair is unique instead.
          id: serial('id').primaryKey(),
          /** Whose key: `user:<collection>:<id>` or `address:<keyed hash of the address>`. */
          scope: varchar('scope', { length: 120 }).notNull(),
          key: varchar('key', { length: 255 }).notNull(),
          /** SHA-256 (hex) of the canonical JSON of the parsed body. */
          requestHash: varchar('request_hash', { length: 64 }).notNull(),
          orderId: integer('order_id'),
          /** The checkout's answer (`{ orderId, paymentUrl, total }`, no token), once it succeeded. */
          result: jsonb('result'),
          /**
           * The answer's order token, sealed with a key derived from `PAYLOAD_SECRET`
           * (`sealedOrderToken.ts`): a replay answers it again, the database alone never shows it.
           */
          orderTokenSealed: varchar('order_token_sealed', { length: 200 }),
          createdAt: at('created_at').notNull().defaultNow(),
          completedAt: at('completed_at'),
        },
        (table) => [
          uniqueIndex(`${checkoutKeyTableName}_scope_key_idx`).on(table.scope, table.key),
          index(`${checkoutKeyTableName}_created_idx`).on(table.createdAt),
          index(`${checkoutKeyTableName}_order_idx`).on(table.orderId),
          foreignKey({
            name: `${checkoutKeyTableName}_order_fk`,
            columns: [table.orderId],
            foreignColumns: [orders.id],
          }).onDelete('cascade'),
        ],
      ),
    },
  }
}
