import pg from 'pg'

/**
 * Readies a development database for Payload's schema push (`npm run dev`), when an earlier
 * version of the app pushed something the push cannot read back: drizzle-kit reads a primary
 * key of several columns with a query whose parameters its push drops ("there is no parameter
 * $1"), so the push, and `npm run dev` with it, failed on every start after the first. The
 * checkout keys had such a key (`scope`, `key`); their own `id` is the key now, and the pair a
 * unique index. Dropping the old key lets the push read the table and add both; the rows stay.
 */
export async function readyDevelopmentSchema(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'checkout_idempotency_keys_pkey'
                 AND contype = 'p' AND array_length(conkey, 1) > 1) THEN
        ALTER TABLE checkout_idempotency_keys DROP CONSTRAINT checkout_idempotency_keys_pkey;
      END IF;
    END $$`)
  } finally {
    await client.end()
  }
}
