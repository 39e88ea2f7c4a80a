import type { postgresAdapter } from '@payloadcms/db-postgres'

/**
 * A hook of the postgres adapter's `beforeSchemaInit` (add a table) or `afterSchemaInit` (add
 * indexes to a collection's table): what Payload's collection config cannot declare, kept in its
 * schema so that push and migrations own it.
 */
export type PostgresSchemaHook = NonNullable<
  Parameters<typeof postgresAdapter>[0]['afterSchemaInit']
>[number]
