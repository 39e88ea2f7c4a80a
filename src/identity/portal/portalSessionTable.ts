import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt as at, type PostgresSchemaHook } from '@/db/schemaHook'

/** Table of portal links and the sessions they open. */
export const portalSessionTableName = 'webhook_portal_sessions'

/**
 * Declares the portal's links and sessions in Payload's schema (after the collections' tables:
 * a row belongs to a consumer and goes with it). One row is one link and, once the link is
 * opened, the session it became: the link's hash can be exchanged once, and the session's hash
 * is what the cookie carries. Only hashes are stored. A row lives only as long as the credential
 * that asked for it (`portalCredentialIsCurrent`).
 */
export const portalSessionTable: PostgresSchemaHook = ({ schema }) => {
  const consumers = schema.tables.consumers as unknown as { id: AnyPgColumn } | undefined
  if (!consumers) throw new Error('Consumers are not registered')
  return {
    ...schema,
    tables: {
      ...schema.tables,
      [portalSessionTableName]: pgTable(
        portalSessionTableName,
        {
          id: serial('id').primaryKey(),
          consumerId: varchar('consumer_id').notNull(),
          isReadOnly: boolean('is_read_only').notNull().default(false),
          /** Who asked for the link: `consumer` (its API key) or `admin:<user id>`. */
          openedBy: varchar('opened_by', { length: 100 }).notNull(),
          /**
           * The HMAC index of the API key that asked for the link (`consumer`): the link and its
           * session live only while the consumer's key is still that key.
           */
          keyIndex: varchar('key_index', { length: 64 }),
          /** SHA-256 of the link's token. */
          linkHash: varchar('link_hash', { length: 64 }).notNull(),
          linkExpiresAt: at('link_expires_at').notNull(),
          /** SHA-256 of the session cookie's token: set when the link is opened. */
          sessionHash: varchar('session_hash', { length: 64 }),
          openedAt: at('opened_at'),
          lastSeenAt: at('last_seen_at'),
          /** The session ends at this time at the latest (however busy), or when ended. */
          endsAt: at('ends_at'),
          createdAt: at('created_at').notNull().defaultNow(),
        },
        (table) => [
          uniqueIndex(`${portalSessionTableName}_link_idx`).on(table.linkHash),
          uniqueIndex(`${portalSessionTableName}_session_idx`).on(table.sessionHash),
          index(`${portalSessionTableName}_consumer_idx`).on(table.consumerId),
          foreignKey({
            name: `${portalSessionTableName}_consumer_fk`,
            columns: [table.consumerId],
            foreignColumns: [consumers.id],
          }).onDelete('cascade'),
        ],
      ),
    },
  }
}
