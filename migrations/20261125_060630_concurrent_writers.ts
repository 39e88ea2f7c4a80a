import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_disable_notices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"subscription_id" varchar NOT NULL,
  	"consumer_id" varchar NOT NULL,
  	"endpoint_url" varchar NOT NULL,
  	"failures" integer NOT NULL,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"next_attempt_at" timestamp (3) with time zone DEFAULT now(),
  	"attempts" integer DEFAULT 0 NOT NULL,
  	"sent_at" timestamp (3) with time zone,
  	"last_error" text
  );
  
  CREATE TABLE "stock_adjustments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"product_id" integer NOT NULL,
  	"delta" numeric NOT NULL,
  	"reason" varchar NOT NULL,
  	"resulting_stock" numeric,
  	"user_id" integer,
  	"user_name" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "orders" ADD COLUMN "buyer_address" varchar;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "secret_older" varchar;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "secret_older_valid_until" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "stock_adjustments_id" integer;
  ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhook_disable_notices_due_idx" ON "webhook_disable_notices" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL;
  CREATE INDEX "stock_adjustments_product_idx" ON "stock_adjustments" USING btree ("product_id");
  CREATE INDEX "stock_adjustments_user_idx" ON "stock_adjustments" USING btree ("user_id");
  CREATE INDEX "stock_adjustments_updated_at_idx" ON "stock_adjustments" USING btree ("updated_at");
  CREATE INDEX "stock_adjustments_created_at_idx" ON "stock_adjustments" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_stock_adjustments_fk" FOREIGN KEY ("stock_adjustments_id") REFERENCES "public"."stock_adjustments"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "orders_buyer_address_idx" ON "orders" USING btree ("buyer_address");
  CREATE INDEX "payload_locked_documents_rels_stock_adjustments_id_idx" ON "payload_locked_documents_rels" USING btree ("stock_adjustments_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_disable_notices" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "stock_adjustments" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_disable_notices" CASCADE;
  DROP TABLE "stock_adjustments" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_stock_adjustments_fk";
  
  DROP INDEX "orders_buyer_address_idx";
  DROP INDEX "payload_locked_documents_rels_stock_adjustments_id_idx";
  ALTER TABLE "orders" DROP COLUMN "buyer_address";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "secret_older";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "secret_older_valid_until";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "stock_adjustments_id";`)
}
