import { index } from '@payloadcms/db-postgres/drizzle/pg-core'
import { sql } from '@payloadcms/db-postgres'

import type { PostgresSchemaHook } from '@/db/schemaHook'
import { searchTargets } from '../searchTargets'

/**
 * Trigram GIN indexes (`pg_trgm`) on every searched column, so that a case-insensitive
 * partial match (`ILIKE '%abc%'`) of three characters or more is an index scan instead of a
 * scan of the table. The text is per locale (`<table>_locales`): one index serves every locale,
 * the query naming its locale besides. Tables not in the schema (yet) are skipped.
 */
export const searchIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  for (const { table: base, matchColumns: columns } of Object.values(searchTargets)) {
    // The matched text is per locale: its rows are in the locales table, each with its locale.
    const tableName = `${base}_locales`
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
