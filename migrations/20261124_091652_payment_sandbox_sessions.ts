import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "payment_sandbox_sessions" (
  	"id" varchar(80) PRIMARY KEY NOT NULL,
  	"idempotency_key" varchar(255),
  	"status" varchar(16) NOT NULL,
  	"session" jsonb NOT NULL,
  	"lines" jsonb NOT NULL,
  	"expires_at" timestamp (3) with time zone NOT NULL,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  	"event" jsonb,
  	"event_attempts" integer DEFAULT 0 NOT NULL,
  	"event_next_attempt_at" timestamp (3) with time zone,
  	"event_delivered_at" timestamp (3) with time zone,
  	"event_last_error" text,
  	CONSTRAINT "payment_sandbox_sessions_idempotency_key_unique" UNIQUE("idempotency_key")
  );
  
  CREATE INDEX "payment_sandbox_sessions_open_idx" ON "payment_sandbox_sessions" USING btree ("status","expires_at");
  CREATE INDEX "payment_sandbox_sessions_event_due_idx" ON "payment_sandbox_sessions" USING btree ("event_next_attempt_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "payment_sandbox_sessions" CASCADE;`)
}
