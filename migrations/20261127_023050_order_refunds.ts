import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "order_refunds" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order_id" integer NOT NULL,
  	"stripe_refund_id" varchar(255) NOT NULL,
  	"amount" integer NOT NULL,
  	"status" varchar(32) NOT NULL,
  	"reason" text,
  	"failure_reason" varchar(255),
  	"is_restocked" boolean DEFAULT false NOT NULL,
  	"requested_by" integer,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"succeeded_at" timestamp (3) with time zone,
  	CONSTRAINT "order_refunds_stripe_refund_id_unique" UNIQUE("stripe_refund_id")
  );
  
  CREATE TABLE "order_notices" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar(300) NOT NULL,
  	"order_id" integer NOT NULL,
  	"kind" varchar(16) NOT NULL,
  	"refund_id" integer,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"next_attempt_at" timestamp (3) with time zone DEFAULT now(),
  	"attempts" integer DEFAULT 0 NOT NULL,
  	"sent_at" timestamp (3) with time zone,
  	"last_error" text,
  	CONSTRAINT "order_notices_key_unique" UNIQUE("key")
  );
  
  DROP INDEX "orders_sold_created_at_idx";
  ALTER TABLE "stock_adjustments" ADD COLUMN "order_id" integer;
  ALTER TABLE "orders" ADD COLUMN "refunded_amount" numeric DEFAULT 0;
  CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");
  CREATE INDEX "order_notices_due_idx" ON "order_notices" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL;
  ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "stock_adjustments_order_idx" ON "stock_adjustments" USING btree ("order_id");
  CREATE INDEX "orders_sold_created_at_idx" ON "orders" USING btree ("created_at","total","refunded_amount") WHERE "orders"."status" IN ('paid', 'shipped', 'delivered', 'partially_refunded');`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "order_refunds" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "order_notices" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "order_refunds" CASCADE;
  DROP TABLE "order_notices" CASCADE;
  ALTER TABLE "stock_adjustments" DROP CONSTRAINT "stock_adjustments_order_id_orders_id_fk";
  
  ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending'::text;
  DROP TYPE "public"."enum_orders_status";
  CREATE TYPE "public"."enum_orders_status" AS ENUM('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'expired');
  ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."enum_orders_status";
  ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."enum_orders_status" USING "status"::"public"."enum_orders_status";
  DROP INDEX "stock_adjustments_order_idx";
  DROP INDEX "orders_sold_created_at_idx";
  CREATE INDEX "orders_sold_created_at_idx" ON "orders" USING btree ("created_at","total") WHERE "orders"."status" IN ('paid', 'shipped', 'delivered');
  ALTER TABLE "stock_adjustments" DROP COLUMN "order_id";
  ALTER TABLE "orders" DROP COLUMN "refunded_amount";`)
}
