import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from '@payloadcms/db-postgres/drizzle/pg-core'
import { sql } from '@payloadcms/db-postgres'

import type { PostgresSchemaHook } from '@/db/schemaHook'
import { searchTargets } from '../searchTargets'

/** The searchable text of each document per locale (`refreshSearchEntries` writes it). */
export const searchEntriesTable = 'search_entries'
/** The words of that text per locale, where a typo's corrections are looked up. */
export const searchWordsTable = 'search_words'

/** The collections with entries, each with its own GIN indexes. */
const searchedCollections = Object.keys(searchTargets)

/** The most a GIN index of the entries keeps in its pending list, in kB (docs/search.md). */
const pendingListKilobytes = 128

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * Declares the search index in Payload's schema, so that schema push and migrations create it:
 * - `search_entries`: one row per searched document and locale, with the text a read in that
 *   locale shows (its own, the default locale's where it has none), its `tsvector`s (the title
 *   weighted A, the description, an article's excerpt, B, the body C; stemmed by the locale's
 *   configuration, `textSearchConfig`, and as written) of the whole text, of the title and of the
 *   title with the description, each with its GIN index, and whether outsiders may find it;
 * - `search_words`: every word of that text (4 letters or more) per locale, with a trigram GiST
 *   index, where the words a typo may stand for are found (nearest first, `<->`).
 */
export const searchTables: PostgresSchemaHook = ({ schema }) => ({
  ...schema,
  tables: {
    ...schema.tables,
    [searchEntriesTable]: pgTable(
      searchEntriesTable,
      {
        /** `articles`, `products` or `pages`. */
        collection: varchar('collection', { length: 32 }).notNull(),
        docId: integer('doc_id').notNull(),
        locale: varchar('locale', { length: 35 }).notNull(),
        title: text('title'),
        /** An article's excerpt, a product's or page's description. */
        description: text('description'),
        /** The plain text of an article's or page's rich text. */
        body: text('body'),
        /** Title, description and body: what a document is found by. */
        vector: tsvector('vector').notNull(),
        /** The title alone, and the title with the description: where it matched, by index. */
        titleVector: tsvector('title_vector').notNull(),
        headVector: tsvector('head_vector').notNull(),
        /** Whether callers without the editor role may find it (the target's public condition). */
        isPublic: boolean('is_public').notNull(),
        /** Whether some of its text is the default locale's (this locale has none there). */
        isFilled: boolean('is_filled').notNull(),
      },
      (table) => [
        // A unique index, not a composite primary key: drizzle-kit's push fails to read one
        // back from an existing database ("there is no parameter $1"), measured. The document
        // before the locale: a write replaces its document's entries in every locale (`doc_id
        // = ANY(...)`, no locale), which with the locale second read the collection's whole
        // part of the index (70 ms a write at 100,000 articles, measured).
        uniqueIndex(`${searchEntriesTable}_document_idx`).on(
          table.collection,
          table.docId,
          table.locale,
        ),
        // A GIN index per collection and vector (partial: `WHERE collection = ...`), so that a
        // word's bitmap holds the searched collection's entries only; a search names the
        // collection as a literal (the index's condition), and its locale is filtered after the
        // scan (docs/search.md, "How fast").
        // GIN's pending list kept short (128 kB, not the default 4 MB): every search of the
        // collection reads all of it, and only a vacuum or a write that finds it full moves it
        // into the index (600 article writes left 322 pages, which made a search that finds
        // nothing 2 to 5 times slower at 100,000 articles, measured). Without the list
        // (`fastupdate` off) each article write took about twice as long, measured.
        ...searchedCollections.flatMap((collection) =>
          (['vector', 'titleVector', 'headVector'] as const).map((column) =>
            index(`${searchEntriesTable}_${collection}_${table[column].name}_idx`)
              .using('gin', table[column])
              .with({ gin_pending_list_limit: pendingListKilobytes })
              .where(sql.raw(`collection = '${collection}'`)),
          ),
        ),
      ],
    ),
    [searchWordsTable]: pgTable(
      searchWordsTable,
      {
        locale: varchar('locale', { length: 35 }).notNull(),
        word: varchar('word', { length: 64 }).notNull(),
      },
      (table) => [
        uniqueIndex(`${searchWordsTable}_word_idx`).on(table.locale, table.word),
        index(`${searchWordsTable}_word_trgm_idx`).using('gist', sql`${table.word} gist_trgm_ops`),
      ],
    ),
  },
})
