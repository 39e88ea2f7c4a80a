import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "payment_sandbox_refunds" (
  	"id" varchar(80) PRIMARY KEY NOT NULL,
  	"payment_intent" varchar(80) NOT NULL,
  	"idempotency_key" varchar(255),
  	"refund" jsonb NOT NULL,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	CONSTRAINT "payment_sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
  );
  
  CREATE INDEX "payment_sandbox_refunds_payment_idx" ON "payment_sandbox_refunds" USING btree ("payment_intent");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "payment_sandbox_refunds" CASCADE;`)
}
