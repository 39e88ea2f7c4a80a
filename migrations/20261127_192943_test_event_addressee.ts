import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_events" ADD COLUMN "addressed_to" varchar(100);`)
  // The test events already logged were addressed to the subscription their data names.
  await db.execute(sql`
   UPDATE "webhook_events" SET "addressed_to" = "data"->>'subscription_id'
   WHERE "type" = 'webhook.test';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_events" DROP COLUMN "addressed_to";`)
}
