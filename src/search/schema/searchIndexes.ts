import type { postgresAdapter } from '@payloadcms/db-postgres'
import { index } from '@payloadcms/db-postgres/drizzle/pg-core'
import { sql } from '@payloadcms/db-postgres'

type PostgresSchemaHook = NonNullable<
  Parameters<typeof postgresAdapter>[0]['afterSchemaInit']
>[number]

/** The fields search matches, per table (see `src/search/searchTargets.ts`). */
const searchedColumns: Record<string, string[]> = {
  articles: ['title', 'excerpt'],
  pages: ['title', 'description'],
  products: ['name', 'description'],
}

/**
 * Trigram GIN indexes (`pg_trgm`) on every searched column, so that a case-insensitive
 * partial match (`ILIKE '%abc%'`) of three characters or more is an index scan instead of a
 * scan of the table. Tables not in the schema (yet) are skipped.
 */
export const searchIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  for (const [tableName, columns] of Object.entries(searchedColumns)) {
    const table = schema.tables[tableName]
    if (!table) continue
    extendTable({
      table,
      extraConfig: (t) =>
        Object.fromEntries(
          columns.map((column) => {
            const name = `${tableName}_${column}_trgm_idx`
            return [name, index(name).using('gin', sql`${t[column]} gin_trgm_ops`)]
          }),
        ),
    })
  }
  return schema
}
