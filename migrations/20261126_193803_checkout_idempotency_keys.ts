import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "checkout_idempotency_keys" (
  	"scope" varchar(120) NOT NULL,
  	"key" varchar(255) NOT NULL,
  	"request_hash" varchar(64) NOT NULL,
  	"order_id" integer,
  	"result" jsonb,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"completed_at" timestamp (3) with time zone,
  	CONSTRAINT "checkout_idempotency_keys_pkey" PRIMARY KEY("scope","key")
  );
  
  ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "checkout_idempotency_keys_created_idx" ON "checkout_idempotency_keys" USING btree ("created_at");
  CREATE INDEX "checkout_idempotency_keys_order_idx" ON "checkout_idempotency_keys" USING btree ("order_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "checkout_idempotency_keys" CASCADE;`)
}
