import {
  bigint,
  integer,
  pgTable,
  serial,
  uniqueIndex,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'

import type { Pool } from 'pg'

import { inPoolTransaction } from '@/db/poolTransaction'
import type { PostgresSchemaHook } from '@/db/schemaHook'

/** How many articles have each publication status, kept by triggers on `articles`. */
export const articleStatusCountsTable = 'article_status_counts'

/**
 * Rows per status: a writer adds its change to the row of its own connection's slot, so that
 * concurrent writers do not wait on one row's lock until they commit. The count of a status is
 * the sum over its slots.
 */
const slots = 8

/**
 * Declares the counts in Payload's schema, so that schema push and migrations create the table
 * and never see a stranger to drop. Its column is named as the articles' own (`_status`), so that
 * the list's conditions on the status apply to it unchanged. The triggers that keep it are SQL
 * (`articleStatusCountTriggers`), which the migration and, where the schema is pushed, the
 * app's start install.
 */
export const articleStatusCounts: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [articleStatusCountsTable]: pgTable(
      articleStatusCountsTable,
      {
        // A key of one column: Payload's development push cannot read back a primary key of
        // several (tests/int/devSchemaPush.test.ts); the pair is unique by its index.
        id: serial('id').primaryKey(),
        status: varchar('_status').notNull(),
        slot: integer('slot').notNull(),
        count: bigint('n', { mode: 'number' }).notNull().default(0),
      },
      (t) => [uniqueIndex('article_status_counts_status_slot_idx').on(t.status, t.slot)],
    ),
  },
})

const countsFunction = 'article_status_counts_apply'

/**
 * The first key of the slots' transaction-level advisory locks (`pg_advisory_xact_lock(class,
 * slot)`): two-key locks, apart from the one-key locks of the jobs queue and the webhooks.
 */
const slotLockClass = "hashtext('article_status_counts')"

/**
 * The statement triggers that keep `article_status_counts` exact in every transaction (inserts,
 * deletes and status changes, by Payload or by plain SQL; a truncate empties it), then the
 * counts of the rows already there. Idempotent. Run in a transaction (the migration's,
 * `installArticleStatusCounts`'): it locks writers out of `articles` until that ends, so that
 * the counts taken and the rows stay in step.
 */
export const articleStatusCountTriggers = `
LOCK TABLE articles IN SHARE ROW EXCLUSIVE MODE;
CREATE OR REPLACE FUNCTION ${countsFunction}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${articleStatusCountsTable};
    RETURN NULL;
  END IF;
  -- Each status's net change, added to this connection's slot. A transaction that changes
  -- counts first takes its slot's lock (held until it ends): two transactions sharing a slot
  -- then take turns, where locking the slot's rows status by status let one that took the
  -- published row wait for the draft row while the other, holding the draft row, waited for
  -- the published one (a deadlock, measured: tests/int/articlesTotal.test.ts). A statement that
  -- changes no count takes nothing.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE _status IS NOT NULL) THEN RETURN NULL; END IF;
    PERFORM pg_advisory_xact_lock(${slotLockClass}, pg_backend_pid() % ${slots});
    INSERT INTO ${articleStatusCountsTable} AS c (_status, slot, n)
      SELECT d._status::text, pg_backend_pid() % ${slots}, count(*) FROM new_rows d
      WHERE d._status IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (_status, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE _status IS NOT NULL) THEN RETURN NULL; END IF;
    PERFORM pg_advisory_xact_lock(${slotLockClass}, pg_backend_pid() % ${slots});
    INSERT INTO ${articleStatusCountsTable} AS c (_status, slot, n)
      SELECT d._status::text, pg_backend_pid() % ${slots}, -count(*) FROM old_rows d
      WHERE d._status IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (_status, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- An update that changes no status (most saves) writes nothing and takes no lock.
    IF NOT EXISTS (
      SELECT 1 FROM (
        SELECT _status::text AS status, 1 AS change FROM new_rows
        UNION ALL SELECT _status::text, -1 FROM old_rows
      ) d WHERE d.status IS NOT NULL GROUP BY d.status HAVING sum(d.change) <> 0
    ) THEN RETURN NULL; END IF;
    PERFORM pg_advisory_xact_lock(${slotLockClass}, pg_backend_pid() % ${slots});
    INSERT INTO ${articleStatusCountsTable} AS c (_status, slot, n)
      SELECT d.status, pg_backend_pid() % ${slots}, sum(d.change) FROM (
        SELECT _status::text AS status, 1 AS change FROM new_rows
        UNION ALL SELECT _status::text, -1 FROM old_rows
      ) d
      WHERE d.status IS NOT NULL GROUP BY 1 HAVING sum(d.change) <> 0 ORDER BY 1
    ON CONFLICT (_status, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE OR REPLACE TRIGGER article_status_counts_insert AFTER INSERT ON articles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${countsFunction}();
CREATE OR REPLACE TRIGGER article_status_counts_update AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ${countsFunction}();
CREATE OR REPLACE TRIGGER article_status_counts_delete AFTER DELETE ON articles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${countsFunction}();
CREATE OR REPLACE TRIGGER article_status_counts_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION ${countsFunction}();
DELETE FROM ${articleStatusCountsTable};
INSERT INTO ${articleStatusCountsTable} (_status, slot, n)
  SELECT _status::text, 0, count(*) FROM articles WHERE _status IS NOT NULL GROUP BY 1;
`

/** The triggers' removal (the migration's `down`). */
export const dropArticleStatusCountTriggers = `
DROP TRIGGER IF EXISTS article_status_counts_insert ON articles;
DROP TRIGGER IF EXISTS article_status_counts_update ON articles;
DROP TRIGGER IF EXISTS article_status_counts_delete ON articles;
DROP TRIGGER IF EXISTS article_status_counts_truncate ON articles;
DROP FUNCTION IF EXISTS ${countsFunction}();
`

/**
 * Installs the triggers on a database whose schema was pushed (development, the tests' template):
 * push creates the table from the schema but knows no triggers. Writers to `articles` wait
 * meanwhile (the lock keeps the counts and the rows in step). Nothing when they are there.
 */
export async function installArticleStatusCounts(pool: Pool): Promise<void> {
  await inPoolTransaction(pool, async (client) => {
    const { rows } = await client.query<{ installed: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'article_status_counts_insert'
         AND tgrelid = 'articles'::regclass) AS installed`,
    )
    if (!rows[0]?.installed) await client.query(articleStatusCountTriggers)
  })
}
