import { bigint, integer, pgTable, varchar } from '@payloadcms/db-postgres/drizzle/pg-core'

import { rateLimitTableName } from './rateLimiter'

import type { PostgresSchemaHook } from '@/db/schemaHook'

/**
 * Declares the rate-limit counters (the layout `rate-limiter-flexible` expects) in Payload's
 * schema, so that schema push and migrations create it and never see a stranger to drop.
 */
export const rateLimitTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [rateLimitTableName]: pgTable(rateLimitTableName, {
      key: varchar('key', { length: 255 }).primaryKey(),
      points: integer('points').notNull().default(0),
      expire: bigint('expire', { mode: 'number' }),
    }),
  },
})
