import type { postgresAdapter } from '@payloadcms/db-postgres'
import { timestamp } from '@payloadcms/db-postgres/drizzle/pg-core'

/**
 * A hook of the postgres adapter's `beforeSchemaInit` (add a table) or `afterSchemaInit` (add
 * indexes to a collection's table): what Payload's collection config cannot declare, kept in its
 * schema so that push and migrations own it.
 */
export type PostgresSchemaHook = NonNullable<
  Parameters<typeof postgresAdapter>[0]['afterSchemaInit']
>[number]

/** A timestamp column as Payload declares its own dates: with time zone, to the millisecond. */
export const timestampAt = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })
