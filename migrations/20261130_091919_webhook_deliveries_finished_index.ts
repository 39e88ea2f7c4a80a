import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The finished deliveries by subscription in place of Payload's index of every delivery by
 * subscription (src/webhooks/schema/webhookIndexes.ts): with the due index, which holds the
 * unfinished ones, they cover every delivery once, and a fan-out's new deliveries enter only the
 * due index. The new index is built before the old one goes, in the same transaction.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" USING btree ("subscription_id") WHERE next_attempt_at IS NULL;
  DROP INDEX "webhook_deliveries_subscription_idx";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "webhook_deliveries_finished_idx";
  CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id");`)
}
