import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "consumers" ADD COLUMN "suspended" boolean DEFAULT false;
  ALTER TABLE "consumers" ADD COLUMN "suspension_reason" varchar;
  ALTER TABLE "consumers" ADD COLUMN "suspended_at" timestamp(3) with time zone;
  ALTER TABLE "consumers" ADD COLUMN "suspended_by_id" integer;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "suspended" boolean DEFAULT false;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "suspension_reason" varchar;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "suspended_at" timestamp(3) with time zone;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "suspended_by_id" integer;
  ALTER TABLE "webhook_subscriptions" ADD COLUMN "consumer_suspended" boolean DEFAULT false NOT NULL;
  ALTER TABLE "consumers" ADD CONSTRAINT "consumers_suspended_by_id_users_id_fk" FOREIGN KEY ("suspended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_suspended_by_id_users_id_fk" FOREIGN KEY ("suspended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "consumers_suspended_by_idx" ON "consumers" USING btree ("suspended_by_id");
  CREATE INDEX "webhook_subscriptions_suspended_by_idx" ON "webhook_subscriptions" USING btree ("suspended_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "consumers" DROP CONSTRAINT "consumers_suspended_by_id_users_id_fk";
  
  ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "webhook_subscriptions_suspended_by_id_users_id_fk";
  
  DROP INDEX "consumers_suspended_by_idx";
  DROP INDEX "webhook_subscriptions_suspended_by_idx";
  ALTER TABLE "consumers" DROP COLUMN "suspended";
  ALTER TABLE "consumers" DROP COLUMN "suspension_reason";
  ALTER TABLE "consumers" DROP COLUMN "suspended_at";
  ALTER TABLE "consumers" DROP COLUMN "suspended_by_id";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "suspended";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "suspension_reason";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "suspended_at";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "suspended_by_id";
  ALTER TABLE "webhook_subscriptions" DROP COLUMN "consumer_suspended";`)
}
