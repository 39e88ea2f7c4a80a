import { sql } from '@payloadcms/db-postgres'
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import { timestampAt as at, type PostgresSchemaHook } from '@/db/schemaHook'

/** Table of the e-mails owed to assignees: a document moved to a stage, or given to them. */
export const reviewNoticeTableName = 'review_notices'

/**
 * Declares the assignees' notices in Payload's schema (push and migrations create it). The save
 * that moved or assigned the document writes the row in its transaction; the review notifier
 * of every process sends it (src/workflow/operations/sendReviewNotices.ts). Due while
 * `next_attempt_at` is set.
 */
export const reviewNoticeTable: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [reviewNoticeTableName]: pgTable(
      reviewNoticeTableName,
      {
        id: serial('id').primaryKey(),
        /** `articles`, `pages` or `products`. */
        collection: varchar('collection', { length: 40 }).notNull(),
        documentId: integer('document_id').notNull(),
        /** The stage the document is at (its name). */
        stage: varchar('stage', { length: 40 }).notNull(),
        assigneeId: integer('assignee_id').notNull(),
        /** Who moved or assigned it (a user's e-mail), for the message. */
        movedBy: varchar('moved_by', { length: 300 }),
        createdAt: at('created_at').notNull().defaultNow(),
        nextAttemptAt: at('next_attempt_at').defaultNow(),
        attempts: integer('attempts').notNull().default(0),
        sentAt: at('sent_at'),
        lastError: text('last_error'),
      },
      (table) => [
        index(`${reviewNoticeTableName}_due_idx`)
          .on(table.nextAttemptAt)
          .where(sql`next_attempt_at IS NOT NULL`),
      ],
    ),
  },
})
