import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "search_entries_vector_idx";
  DROP INDEX "search_entries_title_vector_idx";
  DROP INDEX "search_entries_head_vector_idx";
  CREATE INDEX "search_entries_articles_vector_idx" ON "search_entries" USING gin ("vector") WHERE collection = 'articles';
  CREATE INDEX "search_entries_articles_title_vector_idx" ON "search_entries" USING gin ("title_vector") WHERE collection = 'articles';
  CREATE INDEX "search_entries_articles_head_vector_idx" ON "search_entries" USING gin ("head_vector") WHERE collection = 'articles';
  CREATE INDEX "search_entries_products_vector_idx" ON "search_entries" USING gin ("vector") WHERE collection = 'products';
  CREATE INDEX "search_entries_products_title_vector_idx" ON "search_entries" USING gin ("title_vector") WHERE collection = 'products';
  CREATE INDEX "search_entries_products_head_vector_idx" ON "search_entries" USING gin ("head_vector") WHERE collection = 'products';
  CREATE INDEX "search_entries_pages_vector_idx" ON "search_entries" USING gin ("vector") WHERE collection = 'pages';
  CREATE INDEX "search_entries_pages_title_vector_idx" ON "search_entries" USING gin ("title_vector") WHERE collection = 'pages';
  CREATE INDEX "search_entries_pages_head_vector_idx" ON "search_entries" USING gin ("head_vector") WHERE collection = 'pages';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "search_entries_articles_vector_idx";
  DROP INDEX "search_entries_articles_title_vector_idx";
  DROP INDEX "search_entries_articles_head_vector_idx";
  DROP INDEX "search_entries_products_vector_idx";
  DROP INDEX "search_entries_products_title_vector_idx";
  DROP INDEX "search_entries_products_head_vector_idx";
  DROP INDEX "search_entries_pages_vector_idx";
  DROP INDEX "search_entries_pages_title_vector_idx";
  DROP INDEX "search_entries_pages_head_vector_idx";
  CREATE INDEX "search_entries_vector_idx" ON "search_entries" USING gin ("vector");
  CREATE INDEX "search_entries_title_vector_idx" ON "search_entries" USING gin ("title_vector");
  CREATE INDEX "search_entries_head_vector_idx" ON "search_entries" USING gin ("head_vector");`)
}
