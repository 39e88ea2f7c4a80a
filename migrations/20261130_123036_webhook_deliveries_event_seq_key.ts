import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A delivery's unique key becomes its event's sequence number and its subscription, in place of
 * the event's id and the subscription (src/webhooks/schema/webhookIndexes.ts): each fan-out's
 * keys go to the index's right edge, in 8 bytes instead of 36 characters. Every delivery gets
 * its event's number first (the fan-out, a test and `recover` have always set it; a delivery
 * whose event has left the event log, which the retention does not allow, gets a new number
 * from the outbox's sequence). The new index is built before the old one goes, in the same
 * transaction, so no moment lets an event be queued twice for one subscription.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "webhook_deliveries" d SET "event_seq" = e."seq"
    FROM "webhook_events" e
    WHERE d."event_seq" IS NULL AND e."id"::text = d."event_id";
  UPDATE "webhook_deliveries" SET "event_seq" = nextval(pg_get_serial_sequence('webhook_outbox', 'seq'))
    WHERE "event_seq" IS NULL;
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "event_seq" SET NOT NULL;
  CREATE UNIQUE INDEX "webhook_deliveries_event_seq_subscription_idx" ON "webhook_deliveries" USING btree ("event_seq","subscription_id");
  DROP INDEX "webhook_deliveries_event_subscription_idx";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  CREATE UNIQUE INDEX "webhook_deliveries_event_subscription_idx" ON "webhook_deliveries" USING btree ("event_id","subscription_id");
  DROP INDEX "webhook_deliveries_event_seq_subscription_idx";
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "event_seq" DROP NOT NULL;`)
}
