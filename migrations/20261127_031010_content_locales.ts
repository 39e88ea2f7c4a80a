import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Content in several languages (CONTENT_LOCALES, issue 35): the text of articles (title, excerpt,
 * body), pages (title, description, content), media (alt) and products (name, description), and
 * of the articles' and pages' versions, moves into Payload's per-locale tables
 * (`<table>_locales`, one row per document and locale). What Payload generates creates those
 * tables empty and drops the old columns; here the text every row holds today is copied into
 * the default locale's row first, in the same transaction, so that nothing is lost and the API
 * answers without a locale exactly as before. The locales are those configured when the
 * migration was made (`en`, `ru`); another set needs a migration of its own.
 */
export async function up({ db, payload }: MigrateUpArgs): Promise<void> {
  const locale = sql.raw(`'${defaultLocaleOf(payload)}'::"_locales"`)
  await db.execute(sql`
   CREATE TYPE "public"."_locales" AS ENUM('en', 'ru');
  CREATE TYPE "public"."enum__articles_v_published_locale" AS ENUM('en', 'ru');
  CREATE TYPE "public"."enum__pages_v_published_locale" AS ENUM('en', 'ru');
  CREATE TABLE "articles_locales" (
  	"title" varchar,
  	"excerpt" varchar,
  	"body" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_articles_v_locales" (
  	"version_title" varchar,
  	"version_excerpt" varchar,
  	"version_body" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "pages_locales" (
  	"title" varchar,
  	"description" varchar,
  	"content" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_pages_v_locales" (
  	"version_title" varchar,
  	"version_description" varchar,
  	"version_content" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "media_locales" (
  	"alt" varchar NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "products_locales" (
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  `)
  // Today's text becomes the default locale's, before the columns holding it go.
  await db.execute(sql`
  INSERT INTO "articles_locales" ("title", "excerpt", "body", "_locale", "_parent_id")
    SELECT "title", "excerpt", "body", ${locale}, "id" FROM "articles";
  INSERT INTO "_articles_v_locales" ("version_title", "version_excerpt", "version_body", "_locale", "_parent_id")
    SELECT "version_title", "version_excerpt", "version_body", ${locale}, "id" FROM "_articles_v";
  INSERT INTO "pages_locales" ("title", "description", "content", "_locale", "_parent_id")
    SELECT "title", "description", "content", ${locale}, "id" FROM "pages";
  INSERT INTO "_pages_v_locales" ("version_title", "version_description", "version_content", "_locale", "_parent_id")
    SELECT "version_title", "version_description", "version_content", ${locale}, "id" FROM "_pages_v";
  INSERT INTO "media_locales" ("alt", "_locale", "_parent_id")
    SELECT "alt", ${locale}, "id" FROM "media";
  INSERT INTO "products_locales" ("name", "description", "_locale", "_parent_id")
    SELECT "name", "description", ${locale}, "id" FROM "products";`)
  await db.execute(sql`
  DROP INDEX "articles_title_id_idx";
  DROP INDEX "articles_title_trgm_idx";
  DROP INDEX "articles_excerpt_trgm_idx";
  DROP INDEX "pages_title_trgm_idx";
  DROP INDEX "pages_description_trgm_idx";
  DROP INDEX "products_name_trgm_idx";
  DROP INDEX "products_description_trgm_idx";
  ALTER TABLE "_articles_v" ADD COLUMN "snapshot" boolean;
  ALTER TABLE "_articles_v" ADD COLUMN "published_locale" "enum__articles_v_published_locale";
  ALTER TABLE "_pages_v" ADD COLUMN "snapshot" boolean;
  ALTER TABLE "_pages_v" ADD COLUMN "published_locale" "enum__pages_v_published_locale";
  ALTER TABLE "articles_locales" ADD CONSTRAINT "articles_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_articles_v_locales" ADD CONSTRAINT "_articles_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_articles_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pages_locales" ADD CONSTRAINT "pages_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_pages_v_locales" ADD CONSTRAINT "_pages_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "media_locales" ADD CONSTRAINT "media_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "products_locales" ADD CONSTRAINT "products_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "articles_locales_locale_parent_id_unique" ON "articles_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "articles_locales_title_idx" ON "articles_locales" USING btree ("_locale","title","_parent_id");
  CREATE INDEX "articles_locales_title_trgm_idx" ON "articles_locales" USING gin ("title" gin_trgm_ops);
  CREATE INDEX "articles_locales_excerpt_trgm_idx" ON "articles_locales" USING gin ("excerpt" gin_trgm_ops);
  CREATE UNIQUE INDEX "_articles_v_locales_locale_parent_id_unique" ON "_articles_v_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "pages_locales_locale_parent_id_unique" ON "pages_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "pages_locales_title_trgm_idx" ON "pages_locales" USING gin ("title" gin_trgm_ops);
  CREATE INDEX "pages_locales_description_trgm_idx" ON "pages_locales" USING gin ("description" gin_trgm_ops);
  CREATE UNIQUE INDEX "_pages_v_locales_locale_parent_id_unique" ON "_pages_v_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "media_locales_locale_parent_id_unique" ON "media_locales" USING btree ("_locale","_parent_id");
  CREATE UNIQUE INDEX "products_locales_locale_parent_id_unique" ON "products_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "products_locales_name_trgm_idx" ON "products_locales" USING gin ("name" gin_trgm_ops);
  CREATE INDEX "products_locales_description_trgm_idx" ON "products_locales" USING gin ("description" gin_trgm_ops);
  CREATE INDEX "_articles_v_snapshot_idx" ON "_articles_v" USING btree ("snapshot");
  CREATE INDEX "_articles_v_published_locale_idx" ON "_articles_v" USING btree ("published_locale");
  CREATE INDEX "_pages_v_snapshot_idx" ON "_pages_v" USING btree ("snapshot");
  CREATE INDEX "_pages_v_published_locale_idx" ON "_pages_v" USING btree ("published_locale");
  ALTER TABLE "articles" DROP COLUMN "title";
  ALTER TABLE "articles" DROP COLUMN "excerpt";
  ALTER TABLE "articles" DROP COLUMN "body";
  ALTER TABLE "_articles_v" DROP COLUMN "version_title";
  ALTER TABLE "_articles_v" DROP COLUMN "version_excerpt";
  ALTER TABLE "_articles_v" DROP COLUMN "version_body";
  ALTER TABLE "pages" DROP COLUMN "title";
  ALTER TABLE "pages" DROP COLUMN "description";
  ALTER TABLE "pages" DROP COLUMN "content";
  ALTER TABLE "_pages_v" DROP COLUMN "version_title";
  ALTER TABLE "_pages_v" DROP COLUMN "version_description";
  ALTER TABLE "_pages_v" DROP COLUMN "version_content";
  ALTER TABLE "media" DROP COLUMN "alt";
  ALTER TABLE "products" DROP COLUMN "name";
  ALTER TABLE "products" DROP COLUMN "description";`)
}

export async function down({ db, payload }: MigrateDownArgs): Promise<void> {
  const locale = sql.raw(`'${defaultLocaleOf(payload)}'::"_locales"`)
  // The default locale's text goes back into the columns; the other locales' is lost.
  await db.execute(sql`
  ALTER TABLE "articles" ADD COLUMN "title" varchar;
  ALTER TABLE "articles" ADD COLUMN "excerpt" varchar;
  ALTER TABLE "articles" ADD COLUMN "body" jsonb;
  ALTER TABLE "_articles_v" ADD COLUMN "version_title" varchar;
  ALTER TABLE "_articles_v" ADD COLUMN "version_excerpt" varchar;
  ALTER TABLE "_articles_v" ADD COLUMN "version_body" jsonb;
  ALTER TABLE "pages" ADD COLUMN "title" varchar;
  ALTER TABLE "pages" ADD COLUMN "description" varchar;
  ALTER TABLE "pages" ADD COLUMN "content" jsonb;
  ALTER TABLE "_pages_v" ADD COLUMN "version_title" varchar;
  ALTER TABLE "_pages_v" ADD COLUMN "version_description" varchar;
  ALTER TABLE "_pages_v" ADD COLUMN "version_content" jsonb;
  ALTER TABLE "media" ADD COLUMN "alt" varchar;
  ALTER TABLE "products" ADD COLUMN "name" varchar;
  ALTER TABLE "products" ADD COLUMN "description" varchar;`)
  await db.execute(sql`
  UPDATE "articles" t SET "title" = l."title", "excerpt" = l."excerpt", "body" = l."body"
    FROM "articles_locales" l WHERE l."_parent_id" = t."id" AND l."_locale" = ${locale};
  UPDATE "_articles_v" t SET "version_title" = l."version_title", "version_excerpt" = l."version_excerpt", "version_body" = l."version_body"
    FROM "_articles_v_locales" l WHERE l."_parent_id" = t."id" AND l."_locale" = ${locale};
  UPDATE "pages" t SET "title" = l."title", "description" = l."description", "content" = l."content"
    FROM "pages_locales" l WHERE l."_parent_id" = t."id" AND l."_locale" = ${locale};
  UPDATE "_pages_v" t SET "version_title" = l."version_title", "version_description" = l."version_description", "version_content" = l."version_content"
    FROM "_pages_v_locales" l WHERE l."_parent_id" = t."id" AND l."_locale" = ${locale};
  UPDATE "media" t SET "alt" = coalesce(l."alt", '') FROM "media_locales" l
    WHERE l."_parent_id" = t."id" AND l."_locale" = ${locale};
  UPDATE "products" t SET "name" = coalesce(l."name", ''), "description" = l."description"
    FROM "products_locales" l WHERE l."_parent_id" = t."id" AND l."_locale" = ${locale};`)
  await db.execute(sql`
  UPDATE "media" SET "alt" = '' WHERE "alt" IS NULL;
  UPDATE "products" SET "name" = '' WHERE "name" IS NULL;
  ALTER TABLE "media" ALTER COLUMN "alt" SET NOT NULL;
  ALTER TABLE "products" ALTER COLUMN "name" SET NOT NULL;
  DROP TABLE "articles_locales" CASCADE;
  DROP TABLE "_articles_v_locales" CASCADE;
  DROP TABLE "pages_locales" CASCADE;
  DROP TABLE "_pages_v_locales" CASCADE;
  DROP TABLE "media_locales" CASCADE;
  DROP TABLE "products_locales" CASCADE;
  DROP INDEX "_articles_v_snapshot_idx";
  DROP INDEX "_articles_v_published_locale_idx";
  DROP INDEX "_pages_v_snapshot_idx";
  DROP INDEX "_pages_v_published_locale_idx";
  CREATE INDEX "articles_title_id_idx" ON "articles" USING btree ("title","id");
  CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);
  CREATE INDEX "articles_excerpt_trgm_idx" ON "articles" USING gin ("excerpt" gin_trgm_ops);
  CREATE INDEX "pages_title_trgm_idx" ON "pages" USING gin ("title" gin_trgm_ops);
  CREATE INDEX "pages_description_trgm_idx" ON "pages" USING gin ("description" gin_trgm_ops);
  CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
  CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);
  ALTER TABLE "_articles_v" DROP COLUMN "snapshot";
  ALTER TABLE "_articles_v" DROP COLUMN "published_locale";
  ALTER TABLE "_pages_v" DROP COLUMN "snapshot";
  ALTER TABLE "_pages_v" DROP COLUMN "published_locale";
  DROP TYPE "public"."_locales";
  DROP TYPE "public"."enum__articles_v_published_locale";
  DROP TYPE "public"."enum__pages_v_published_locale";`)
}

/** The locales this migration's tables know. */
const migratedLocales = ['en', 'ru']

/** The default locale the text moves into: the configured one, which the tables must know. */
function defaultLocaleOf(payload: MigrateUpArgs['payload']): string {
  const localization = payload.config.localization
  const locale = localization ? localization.defaultLocale : 'en'
  if (!migratedLocales.includes(locale)) {
    throw new Error(
      `The default locale "${locale}" (CONTENT_LOCALES) is not one of ${migratedLocales.join(', ')}, the locales of this migration: migrate with CONTENT_LOCALES starting with one of them, then add the others with a migration of their own (npm run migrate:create)`,
    )
  }
  return locale
}
