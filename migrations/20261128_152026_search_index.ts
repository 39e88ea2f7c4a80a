import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { configOf } from '@/config/appConfig'
import type { TransactionDb } from '@/db/transaction'
import { rebuildSearchIndex } from '@/search/operations/refreshSearchEntries'

/**
 * Search by words (issue 51): the search entries of every article, product and page per locale
 * and the word list, then both filled from the content there is, in the same transaction, by the
 * code `npm run search:reindex` runs (src/search/operations/refreshSearchEntries.ts).
 */
export async function up({ db, payload }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "search_entries" (
  	"collection" varchar(32) NOT NULL,
  	"doc_id" integer NOT NULL,
  	"locale" varchar(35) NOT NULL,
  	"title" text,
  	"description" text,
  	"body" text,
  	"vector" "tsvector" NOT NULL,
  	"title_vector" "tsvector" NOT NULL,
  	"head_vector" "tsvector" NOT NULL,
  	"is_public" boolean NOT NULL,
  	"is_filled" boolean NOT NULL
  );
  
  CREATE TABLE "search_words" (
  	"locale" varchar(35) NOT NULL,
  	"word" varchar(64) NOT NULL
  );
  
  CREATE UNIQUE INDEX "search_entries_document_idx" ON "search_entries" USING btree ("collection","locale","doc_id");
  CREATE INDEX "search_entries_vector_idx" ON "search_entries" USING gin ("vector");
  CREATE INDEX "search_entries_title_vector_idx" ON "search_entries" USING gin ("title_vector");
  CREATE INDEX "search_entries_head_vector_idx" ON "search_entries" USING gin ("head_vector");
  CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" USING btree ("locale","word");
  CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);`)
  await rebuildSearchIndex({
    db: db as unknown as TransactionDb,
    locales: configOf(payload).content.locales,
  })
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "search_entries" CASCADE;
  DROP TABLE "search_words" CASCADE;`)
}
