import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_attempts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"delivery_id" integer NOT NULL,
  	"attempt" integer NOT NULL,
  	"is_manual" boolean DEFAULT false NOT NULL,
  	"attempted_at" timestamp (3) with time zone NOT NULL,
  	"duration_ms" integer NOT NULL,
  	"response_status" integer,
  	"response_body" text,
  	"error" text,
  	"signature" varchar(1000)
  );
  
  -- Every delivery's payload moves to its event in the event log: test events, never logged
  -- until now, are logged first (one row per event).
  ALTER TABLE "webhook_events" ADD COLUMN "seq" bigint;
  ALTER TABLE "webhook_events" ADD COLUMN "ordering_key" varchar(200);
  INSERT INTO "webhook_events" ("id", "type", "data", "occurred_at")
    SELECT DISTINCT ON (d."event_id") d."event_id"::uuid, d."event_type", d."payload", d."occurred_at"
    FROM "webhook_deliveries" d
    WHERE NOT EXISTS (SELECT 1 FROM "webhook_events" e WHERE e."id"::text = d."event_id")
    ORDER BY d."event_id", d."id";
  -- Logged events are numbered in the order they happened, the outbox's after them.
  UPDATE "webhook_events" e SET "seq" = n.rn
    FROM (SELECT "id", row_number() OVER (ORDER BY "occurred_at", "id") AS rn FROM "webhook_events") n
    WHERE n."id" = e."id";
  ALTER TABLE "webhook_events" ALTER COLUMN "seq" SET NOT NULL;
  ALTER TABLE "webhook_outbox" ADD COLUMN "seq" bigserial NOT NULL;
  ALTER TABLE "webhook_outbox" ADD COLUMN "ordering_key" varchar(200);
  UPDATE "webhook_outbox" SET "seq" = "seq" + (SELECT coalesce(max("seq"), 0) FROM "webhook_events");
  SELECT setval(pg_get_serial_sequence('webhook_outbox', 'seq'),
    greatest((SELECT max("seq") FROM "webhook_outbox"), (SELECT max("seq") FROM "webhook_events"), 1));
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "filter" jsonb;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "ordered" boolean DEFAULT false;
  ALTER TABLE "webhook_deliveries" ADD COLUMN "event_seq" bigint;
  ALTER TABLE "webhook_deliveries" ADD COLUMN "ordering_key" varchar(200);
  ALTER TABLE "webhook_deliveries" ADD COLUMN "is_manual" boolean DEFAULT false NOT NULL;
  UPDATE "webhook_deliveries" d SET "event_seq" = e."seq"
    FROM "webhook_events" e WHERE e."id"::text = d."event_id";
  ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","id");
  CREATE INDEX "webhook_outbox_seq_idx" ON "webhook_outbox" USING btree ("seq");
  CREATE INDEX "webhook_outbox_ordering_key_idx" ON "webhook_outbox" USING btree ("ordering_key","seq") WHERE ordering_key IS NOT NULL;
  CREATE INDEX "webhook_deliveries_ordered_idx" ON "webhook_deliveries" USING btree ("subscription_id","ordering_key","event_seq") WHERE ordering_key IS NOT NULL AND status IN ('pending', 'failed', 'delivering');
  ALTER TABLE "webhook_deliveries" DROP COLUMN "payload";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_attempts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_attempts" CASCADE;
  DROP INDEX "webhook_outbox_seq_idx";
  DROP INDEX "webhook_outbox_ordering_key_idx";
  DROP INDEX "webhook_deliveries_ordered_idx";
  ALTER TABLE "webhook_deliveries" ADD COLUMN "payload" jsonb;
  UPDATE "webhook_deliveries" d SET "payload" = e."data"
    FROM "webhook_events" e WHERE e."id"::text = d."event_id";
  UPDATE "webhook_deliveries" SET "payload" = 'null'::jsonb WHERE "payload" IS NULL;
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "payload" SET NOT NULL;
  ALTER TABLE "webhook_outbox" DROP COLUMN "seq";
  ALTER TABLE "webhook_outbox" DROP COLUMN "ordering_key";
  ALTER TABLE "webhook_events" DROP COLUMN "seq";
  ALTER TABLE "webhook_events" DROP COLUMN "ordering_key";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "filter";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "ordered";
  ALTER TABLE "webhook_deliveries" DROP COLUMN "event_seq";
  ALTER TABLE "webhook_deliveries" DROP COLUMN "ordering_key";
  ALTER TABLE "webhook_deliveries" DROP COLUMN "is_manual";`)
}
