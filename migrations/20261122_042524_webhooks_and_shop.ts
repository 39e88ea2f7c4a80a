import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_status" AS ENUM('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'expired');
  CREATE TYPE "public"."enum_webhook_deliveries_status" AS ENUM('pending', 'delivering', 'succeeded', 'failed', 'dead');
  CREATE TABLE "webhook_outbox" (
  	"id" uuid PRIMARY KEY NOT NULL,
  	"type" varchar(100) NOT NULL,
  	"data" jsonb NOT NULL,
  	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "products" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"slug" varchar NOT NULL,
  	"description" varchar,
  	"price" numeric NOT NULL,
  	"stock" numeric DEFAULT 0 NOT NULL,
  	"active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "orders_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"product_id" integer NOT NULL,
  	"quantity" numeric NOT NULL,
  	"price" numeric NOT NULL,
  	"name" varchar NOT NULL
  );
  
  CREATE TABLE "orders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"status" "enum_orders_status" DEFAULT 'pending' NOT NULL,
  	"total" numeric NOT NULL,
  	"customer_email" varchar NOT NULL,
  	"shipping_address_name" varchar NOT NULL,
  	"shipping_address_line1" varchar NOT NULL,
  	"shipping_address_line2" varchar,
  	"shipping_address_city" varchar NOT NULL,
  	"shipping_address_postal_code" varchar NOT NULL,
  	"shipping_address_country" varchar NOT NULL,
  	"payment_id" varchar,
  	"paid_at" timestamp(3) with time zone,
  	"stripe_session_id" varchar,
  	"user_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "stripe_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"event_id" varchar NOT NULL,
  	"type" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhook_subscriptions" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"consumer_id" varchar NOT NULL,
  	"endpoint_url" varchar NOT NULL,
  	"secret" varchar,
  	"secret_old" varchar,
  	"secret_rotated_at" timestamp(3) with time zone,
  	"description" varchar,
  	"events" jsonb NOT NULL,
  	"is_active" boolean DEFAULT true,
  	"headers" jsonb DEFAULT '{}'::jsonb,
  	"timeout_seconds" numeric DEFAULT 10 NOT NULL,
  	"last_delivery_at" timestamp(3) with time zone,
  	"failure_count" numeric DEFAULT 0,
  	"disabled_at" timestamp(3) with time zone,
  	"probe_checked_at" timestamp(3) with time zone,
  	"probe_result" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhook_event_types" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"description" varchar,
  	"example_payload" jsonb,
  	"is_active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "webhook_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"subscription_id" varchar NOT NULL,
  	"event_id" varchar NOT NULL,
  	"event_type" varchar NOT NULL,
  	"payload" jsonb NOT NULL,
  	"occurred_at" timestamp(3) with time zone NOT NULL,
  	"status" "enum_webhook_deliveries_status" DEFAULT 'pending' NOT NULL,
  	"attempts" numeric DEFAULT 0,
  	"next_attempt_at" timestamp(3) with time zone,
  	"lease_expires_at" timestamp(3) with time zone,
  	"last_attempt_at" timestamp(3) with time zone,
  	"last_response_status" numeric,
  	"last_response_body" varchar,
  	"last_error" varchar,
  	"duration_ms" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "products_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "orders_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "stripe_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_subscriptions_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_event_types_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "webhook_deliveries_id" integer;
  ALTER TABLE "orders_items" ADD CONSTRAINT "orders_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "orders_items" ADD CONSTRAINT "orders_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "webhook_outbox_occurred_at_idx" ON "webhook_outbox" USING btree ("occurred_at");
  CREATE UNIQUE INDEX "products_slug_idx" ON "products" USING btree ("slug");
  CREATE INDEX "products_active_idx" ON "products" USING btree ("active");
  CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");
  CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");
  CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
  CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);
  CREATE INDEX "orders_items_order_idx" ON "orders_items" USING btree ("_order");
  CREATE INDEX "orders_items_parent_id_idx" ON "orders_items" USING btree ("_parent_id");
  CREATE INDEX "orders_items_product_idx" ON "orders_items" USING btree ("product_id");
  CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");
  CREATE INDEX "orders_stripe_session_id_idx" ON "orders" USING btree ("stripe_session_id");
  CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");
  CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");
  CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");
  CREATE INDEX "orders_sold_created_at_idx" ON "orders" USING btree ("created_at","total") WHERE "orders"."status" IN ('paid', 'shipped', 'delivered');
  CREATE UNIQUE INDEX "stripe_events_event_id_idx" ON "stripe_events" USING btree ("event_id");
  CREATE INDEX "stripe_events_updated_at_idx" ON "stripe_events" USING btree ("updated_at");
  CREATE INDEX "stripe_events_created_at_idx" ON "stripe_events" USING btree ("created_at");
  CREATE INDEX "webhook_subscriptions_consumer_idx" ON "webhook_subscriptions" USING btree ("consumer_id");
  CREATE INDEX "webhook_subscriptions_is_active_idx" ON "webhook_subscriptions" USING btree ("is_active");
  CREATE INDEX "webhook_subscriptions_updated_at_idx" ON "webhook_subscriptions" USING btree ("updated_at");
  CREATE INDEX "webhook_subscriptions_created_at_idx" ON "webhook_subscriptions" USING btree ("created_at");
  CREATE INDEX "webhook_subscriptions_events_gin" ON "webhook_subscriptions" USING gin ("events");
  CREATE UNIQUE INDEX "webhook_event_types_name_idx" ON "webhook_event_types" USING btree ("name");
  CREATE INDEX "webhook_event_types_is_active_idx" ON "webhook_event_types" USING btree ("is_active");
  CREATE INDEX "webhook_event_types_updated_at_idx" ON "webhook_event_types" USING btree ("updated_at");
  CREATE INDEX "webhook_event_types_created_at_idx" ON "webhook_event_types" USING btree ("created_at");
  CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id");
  CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" USING btree ("event_id");
  CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries" USING btree ("updated_at");
  CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status IN ('pending', 'failed', 'delivering');
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_products_fk" FOREIGN KEY ("products_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_orders_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_stripe_events_fk" FOREIGN KEY ("stripe_events_id") REFERENCES "public"."stripe_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_subscriptions_fk" FOREIGN KEY ("webhook_subscriptions_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_event_types_fk" FOREIGN KEY ("webhook_event_types_id") REFERENCES "public"."webhook_event_types"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk" FOREIGN KEY ("webhook_deliveries_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_products_id_idx" ON "payload_locked_documents_rels" USING btree ("products_id");
  CREATE INDEX "payload_locked_documents_rels_orders_id_idx" ON "payload_locked_documents_rels" USING btree ("orders_id");
  CREATE INDEX "payload_locked_documents_rels_stripe_events_id_idx" ON "payload_locked_documents_rels" USING btree ("stripe_events_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_subscriptions_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_subscriptions_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_event_types_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_event_types_id");
  CREATE INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("webhook_deliveries_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_outbox" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "products" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "stripe_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_subscriptions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_event_types" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "webhook_deliveries" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_outbox" CASCADE;
  DROP TABLE "products" CASCADE;
  DROP TABLE "orders_items" CASCADE;
  DROP TABLE "orders" CASCADE;
  DROP TABLE "stripe_events" CASCADE;
  DROP TABLE "webhook_subscriptions" CASCADE;
  DROP TABLE "webhook_event_types" CASCADE;
  DROP TABLE "webhook_deliveries" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_products_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_orders_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_stripe_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_subscriptions_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_event_types_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_webhook_deliveries_fk";
  
  DROP INDEX "payload_locked_documents_rels_products_id_idx";
  DROP INDEX "payload_locked_documents_rels_orders_id_idx";
  DROP INDEX "payload_locked_documents_rels_stripe_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_webhook_subscriptions_id_idx";
  DROP INDEX "payload_locked_documents_rels_webhook_event_types_id_idx";
  DROP INDEX "payload_locked_documents_rels_webhook_deliveries_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "products_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "orders_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "stripe_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_subscriptions_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_event_types_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "webhook_deliveries_id";
  DROP TYPE "public"."enum_orders_status";
  DROP TYPE "public"."enum_webhook_deliveries_status";`)
}
