import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_attempts" ADD COLUMN "subscription_id" varchar;
  ALTER TABLE "webhook_attempts" ADD COLUMN "request_headers" jsonb;
  -- Attempts logged before name their subscription too (the stats read them by it); their
  -- request headers were not kept and stay null.
  UPDATE "webhook_attempts" a SET "subscription_id" = d."subscription_id"
    FROM "webhook_deliveries" d WHERE d."id" = a."delivery_id";
  CREATE INDEX "webhook_attempts_subscription_idx" ON "webhook_attempts" USING btree ("subscription_id","attempted_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "webhook_attempts_subscription_idx";
  ALTER TABLE "webhook_attempts" DROP COLUMN "subscription_id";
  ALTER TABLE "webhook_attempts" DROP COLUMN "request_headers";`)
}
