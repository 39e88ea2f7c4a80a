import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The claim rewrites a delivery in place (src/webhooks/schema/webhookIndexes.ts): no index of the
 * deliveries names a status any more, the deliveries in flight are counted from their
 * subscription's `in_flight`, and the attempt log has no foreign key. Stop the workers of the
 * earlier release before running it (they count in flight by the status and would not write
 * `in_flight`).
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // An unfinished delivery has a next attempt time, a finished one has none (the constraint
  // below); rows that broke it are brought in line first.
  await db.execute(sql`
  UPDATE "webhook_deliveries" SET "next_attempt_at" = NULL
    WHERE status NOT IN ('pending', 'failed', 'delivering') AND next_attempt_at IS NOT NULL;
  UPDATE "webhook_deliveries" SET "next_attempt_at" = now()
    WHERE status IN ('pending', 'failed', 'delivering') AND next_attempt_at IS NULL;`)
  await db.execute(sql`
   ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_fk";
  
  DROP INDEX "webhook_deliveries_in_flight_idx";
  DROP INDEX "webhook_deliveries_due_idx";
  DROP INDEX "webhook_deliveries_ordered_idx";
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "in_flight" jsonb DEFAULT '{}'::jsonb NOT NULL;
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("subscription_id","next_attempt_at") WHERE next_attempt_at IS NOT NULL;
  CREATE INDEX "webhook_deliveries_ordered_idx" ON "webhook_deliveries" USING btree ("subscription_id","ordering_key","event_seq") WHERE ordering_key IS NOT NULL AND next_attempt_at IS NOT NULL;
  ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_unfinished_is_due" CHECK ((next_attempt_at IS NOT NULL) = (status IN ('pending', 'failed', 'delivering')));`)
  // Room on each page for a claim's in-place rewrite; and the deliveries in flight now, by
  // subscription, with their leases' ends in epoch milliseconds.
  await db.execute(sql`
  ALTER TABLE "webhook_deliveries" SET (fillfactor = 80);
  UPDATE "webhook_subscriptions" s SET "in_flight" = f.leases
  FROM (
    SELECT subscription_id, jsonb_object_agg(id::text,
             round(date_part('epoch', lease_expires_at) * 1000)::int8) AS leases
    FROM "webhook_deliveries" WHERE status = 'delivering' AND lease_expires_at IS NOT NULL
    GROUP BY subscription_id
  ) f
  WHERE s.id = f.subscription_id;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "webhook_deliveries" RESET (fillfactor);
  DELETE FROM "webhook_attempts" a
    WHERE NOT EXISTS (SELECT 1 FROM "webhook_deliveries" d WHERE d.id = a.delivery_id);
   ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_unfinished_is_due";
  DROP INDEX "webhook_deliveries_due_idx";
  DROP INDEX "webhook_deliveries_ordered_idx";
  ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "webhook_deliveries_in_flight_idx" ON "webhook_deliveries" USING btree ("subscription_id") WHERE status = 'delivering';
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("subscription_id","next_attempt_at") WHERE status IN ('pending', 'failed', 'delivering');
  CREATE INDEX "webhook_deliveries_ordered_idx" ON "webhook_deliveries" USING btree ("subscription_id","ordering_key","event_seq") WHERE ordering_key IS NOT NULL AND status IN ('pending', 'failed', 'delivering');
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "in_flight";`)
}
