import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import {
  articleStatusCountTriggers,
  dropArticleStatusCountTriggers,
} from '@/articles/schema/articleStatusCounts'

/**
 * How many articles have each status, kept by triggers on `articles` (issue 54): the public
 * list's `total` read from a few rows instead of counting every published article per request.
 * Writers to `articles` wait while the counts of the rows there are taken.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "article_status_counts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"_status" varchar NOT NULL,
  	"slot" integer NOT NULL,
  	"n" bigint DEFAULT 0 NOT NULL
  );

  CREATE UNIQUE INDEX "article_status_counts_status_slot_idx" ON "article_status_counts" USING btree ("_status","slot");
  `)
  await db.execute(sql.raw(articleStatusCountTriggers))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(dropArticleStatusCountTriggers))
  await db.execute(sql`
   DROP TABLE "article_status_counts" CASCADE;`)
}
