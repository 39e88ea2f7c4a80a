import pg from 'pg'

import { setUpLockKey } from './setUpOnce'

/**
 * Readies a development database for Payload's schema push (`npm run dev`), when an earlier
 * version of the app pushed something the push cannot read back: drizzle-kit reads a primary
 * key of several columns with a query whose parameters its push drops ("there is no parameter
 * $1"), so the push, and `npm run dev` with it, failed on every start after the first. The
 * checkout keys had such a key (`scope`, `key`); their own `id` is the key now, and the pair a
 * unique index. The table is changed here as the migration `checkout_key_own_id` changes it
 * (the push, left to add the id to rows already there, asks whether to accept data loss, which
 * a script cannot answer), and the push then finds nothing to change; the rows stay. Two
 * started together change it once.
 */
export async function readyDevelopmentSchema(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // Under the set-up lock, for as long as the change takes: a second npm run dev started at
    // the same moment waits, then finds the table changed (each check sees what committed).
    await client.query(`DO $$ BEGIN
      PERFORM pg_advisory_xact_lock(${setUpLockKey});
      IF to_regclass('checkout_idempotency_keys') IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'checkout_idempotency_keys'
          AND column_name = 'id') THEN
        ALTER TABLE checkout_idempotency_keys
          DROP CONSTRAINT IF EXISTS checkout_idempotency_keys_pkey;
        ALTER TABLE checkout_idempotency_keys ADD COLUMN id serial PRIMARY KEY NOT NULL;
        CREATE UNIQUE INDEX IF NOT EXISTS checkout_idempotency_keys_scope_key_idx
          ON checkout_idempotency_keys USING btree (scope, key);
      END IF;
    END $$`)
  } finally {
    await client.end()
  }
}
