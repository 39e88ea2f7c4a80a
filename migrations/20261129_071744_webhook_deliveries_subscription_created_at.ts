import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// One index on (subscription_id, created_at) in place of Payload's on the subscription and the
// one on created_at: each claim and outcome of a delivery writes an entry in every index of the
// table (src/webhooks/schema/webhookIndexes.ts).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "webhook_deliveries_subscription_idx";
  DROP INDEX "webhook_deliveries_created_at_idx";
  CREATE INDEX "webhook_deliveries_subscription_created_at_idx" ON "webhook_deliveries" USING btree ("subscription_id","created_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "webhook_deliveries_subscription_created_at_idx";
  CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id");
  CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at");`)
}
