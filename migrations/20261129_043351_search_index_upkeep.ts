import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/** The search entries' GIN indexes, whose pending list is kept short (docs/search.md). */
const ginIndexes = ['articles', 'products', 'pages'].flatMap((collection) =>
  ['vector', 'title_vector', 'head_vector'].map(
    (column) => `search_entries_${collection}_${column}_idx`,
  ),
)

// The unique index with the document before the locale (a write's entries found by document,
// in every locale). The GIN indexes' storage parameter changed in place (none rebuilt), then
// each pending list moved into its index, so that no search reads a long one left from before.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`DROP INDEX "search_entries_document_idx";
    CREATE UNIQUE INDEX "search_entries_document_idx" ON "search_entries" USING btree ("collection","doc_id","locale")`)
  for (const name of ginIndexes) {
    await db.execute(sql.raw(`ALTER INDEX "${name}" SET (gin_pending_list_limit = 128)`))
    await db.execute(sql.raw(`SELECT gin_clean_pending_list('"${name}"'::regclass)`))
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const name of ginIndexes) {
    await db.execute(sql.raw(`ALTER INDEX "${name}" RESET (gin_pending_list_limit)`))
  }
  await db.execute(sql`DROP INDEX "search_entries_document_idx";
    CREATE UNIQUE INDEX "search_entries_document_idx" ON "search_entries" USING btree ("collection","locale","doc_id")`)
}
