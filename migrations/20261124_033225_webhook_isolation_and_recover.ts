import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_events" (
  	"id" uuid PRIMARY KEY NOT NULL,
  	"type" varchar(100) NOT NULL,
  	"data" jsonb NOT NULL,
  	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL
  );
  
  DROP INDEX "webhook_deliveries_event_id_idx";
  DROP INDEX "webhook_deliveries_updated_at_idx";
  DROP INDEX "webhook_deliveries_due_idx";
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "max_deliveries_per_second" numeric;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "backoff_until" timestamp(3) with time zone;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "backoff_level" integer DEFAULT 0 NOT NULL;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "backoff_probe_delivery_id" integer;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "rate_limit_tat" timestamp (3) with time zone;
  CREATE INDEX "webhook_events_occurred_at_idx" ON "webhook_events" USING btree ("occurred_at");
  CREATE UNIQUE INDEX "webhook_deliveries_event_subscription_idx" ON "webhook_deliveries" USING btree ("event_id","subscription_id");
  CREATE INDEX "webhook_deliveries_in_flight_idx" ON "webhook_deliveries" USING btree ("subscription_id") WHERE status = 'delivering';
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("subscription_id","next_attempt_at") WHERE status IN ('pending', 'failed', 'delivering');`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_events" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_events" CASCADE;
  DROP INDEX "webhook_deliveries_event_subscription_idx";
  DROP INDEX "webhook_deliveries_in_flight_idx";
  DROP INDEX "webhook_deliveries_due_idx";
  CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries" USING btree ("event_id");
  CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries" USING btree ("updated_at");
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status IN ('pending', 'failed', 'delivering');
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "max_deliveries_per_second";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "backoff_until";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "backoff_level";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "backoff_probe_delivery_id";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "rate_limit_tat";`)
}
