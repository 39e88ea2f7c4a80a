import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "review_notices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"collection" varchar(40) NOT NULL,
  	"document_id" integer NOT NULL,
  	"stage" varchar(40) NOT NULL,
  	"assignee_id" integer NOT NULL,
  	"moved_by" varchar(300),
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"next_attempt_at" timestamp (3) with time zone DEFAULT now(),
  	"attempts" integer DEFAULT 0 NOT NULL,
  	"sent_at" timestamp (3) with time zone,
  	"last_error" text
  );
  
  ALTER TABLE "articles" ADD COLUMN "review_stage" varchar;
  ALTER TABLE "articles" ADD COLUMN "assignee_id" integer;
  ALTER TABLE "_articles_v" ADD COLUMN "version_review_stage" varchar;
  ALTER TABLE "_articles_v" ADD COLUMN "version_assignee_id" integer;
  ALTER TABLE "pages" ADD COLUMN "review_stage" varchar;
  ALTER TABLE "pages" ADD COLUMN "assignee_id" integer;
  ALTER TABLE "_pages_v" ADD COLUMN "version_review_stage" varchar;
  ALTER TABLE "_pages_v" ADD COLUMN "version_assignee_id" integer;
  ALTER TABLE "products" ADD COLUMN "review_stage" varchar;
  ALTER TABLE "products" ADD COLUMN "assignee_id" integer;
  CREATE INDEX "review_notices_due_idx" ON "review_notices" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL;
  ALTER TABLE "articles" ADD CONSTRAINT "articles_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_articles_v" ADD CONSTRAINT "_articles_v_version_assignee_id_users_id_fk" FOREIGN KEY ("version_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pages" ADD CONSTRAINT "pages_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_version_assignee_id_users_id_fk" FOREIGN KEY ("version_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "products" ADD CONSTRAINT "products_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "articles_review_stage_idx" ON "articles" USING btree ("review_stage");
  CREATE INDEX "articles_assignee_idx" ON "articles" USING btree ("assignee_id");
  CREATE INDEX "_articles_v_version_version_review_stage_idx" ON "_articles_v" USING btree ("version_review_stage");
  CREATE INDEX "_articles_v_version_version_assignee_idx" ON "_articles_v" USING btree ("version_assignee_id");
  CREATE INDEX "pages_review_stage_idx" ON "pages" USING btree ("review_stage");
  CREATE INDEX "pages_assignee_idx" ON "pages" USING btree ("assignee_id");
  CREATE INDEX "_pages_v_version_version_review_stage_idx" ON "_pages_v" USING btree ("version_review_stage");
  CREATE INDEX "_pages_v_version_version_assignee_idx" ON "_pages_v" USING btree ("version_assignee_id");
  CREATE INDEX "products_review_stage_idx" ON "products" USING btree ("review_stage");
  CREATE INDEX "products_assignee_idx" ON "products" USING btree ("assignee_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "review_notices" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "review_notices" CASCADE;
  ALTER TABLE "articles" DROP CONSTRAINT "articles_assignee_id_users_id_fk";
  
  ALTER TABLE "_articles_v" DROP CONSTRAINT "_articles_v_version_assignee_id_users_id_fk";
  
  ALTER TABLE "pages" DROP CONSTRAINT "pages_assignee_id_users_id_fk";
  
  ALTER TABLE "_pages_v" DROP CONSTRAINT "_pages_v_version_assignee_id_users_id_fk";
  
  ALTER TABLE "products" DROP CONSTRAINT "products_assignee_id_users_id_fk";
  
  DROP INDEX "articles_review_stage_idx";
  DROP INDEX "articles_assignee_idx";
  DROP INDEX "_articles_v_version_version_review_stage_idx";
  DROP INDEX "_articles_v_version_version_assignee_idx";
  DROP INDEX "pages_review_stage_idx";
  DROP INDEX "pages_assignee_idx";
  DROP INDEX "_pages_v_version_version_review_stage_idx";
  DROP INDEX "_pages_v_version_version_assignee_idx";
  DROP INDEX "products_review_stage_idx";
  DROP INDEX "products_assignee_idx";
  ALTER TABLE "articles" DROP COLUMN "review_stage";
  ALTER TABLE "articles" DROP COLUMN "assignee_id";
  ALTER TABLE "_articles_v" DROP COLUMN "version_review_stage";
  ALTER TABLE "_articles_v" DROP COLUMN "version_assignee_id";
  ALTER TABLE "pages" DROP COLUMN "review_stage";
  ALTER TABLE "pages" DROP COLUMN "assignee_id";
  ALTER TABLE "_pages_v" DROP COLUMN "version_review_stage";
  ALTER TABLE "_pages_v" DROP COLUMN "version_assignee_id";
  ALTER TABLE "products" DROP COLUMN "review_stage";
  ALTER TABLE "products" DROP COLUMN "assignee_id";`)
}
