import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_audit_log_source" AS ENUM('recorded', 'caller-given');
  CREATE TYPE "public"."enum_audit_log_actor_type" AS ENUM('user', 'consumer', 'system', 'anonymous');
  ALTER TABLE "audit_log" ALTER COLUMN "user_id" DROP NOT NULL;
  ALTER TABLE "audit_log" ADD COLUMN "source" "enum_audit_log_source" DEFAULT 'recorded';
  ALTER TABLE "audit_log" ADD COLUMN "actor_type" "enum_audit_log_actor_type" DEFAULT 'user';
  ALTER TABLE "audit_log" ADD COLUMN "consumer_id" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "actor_name" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "via" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "target_collection" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "target_id" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "locale" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "client_address" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "request_id" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "changes" jsonb;
  -- Every entry before this one came from POST /api/admin-action: its action is the caller's.
  UPDATE "audit_log" SET "source" = 'caller-given', "actor_type" = 'user';
  ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_consumer_id_consumers_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "audit_log_consumer_idx" ON "audit_log" USING btree ("consumer_id");
  CREATE INDEX "targetCollection_targetId_idx" ON "audit_log" USING btree ("target_collection","target_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_consumer_id_consumers_id_fk";
  
  DROP INDEX "audit_log_consumer_idx";
  DROP INDEX "targetCollection_targetId_idx";
  ALTER TABLE "audit_log" ALTER COLUMN "user_id" SET NOT NULL;
  ALTER TABLE "audit_log" DROP COLUMN "source";
  ALTER TABLE "audit_log" DROP COLUMN "actor_type";
  ALTER TABLE "audit_log" DROP COLUMN "consumer_id";
  ALTER TABLE "audit_log" DROP COLUMN "actor_name";
  ALTER TABLE "audit_log" DROP COLUMN "via";
  ALTER TABLE "audit_log" DROP COLUMN "target_collection";
  ALTER TABLE "audit_log" DROP COLUMN "target_id";
  ALTER TABLE "audit_log" DROP COLUMN "locale";
  ALTER TABLE "audit_log" DROP COLUMN "client_address";
  ALTER TABLE "audit_log" DROP COLUMN "request_id";
  ALTER TABLE "audit_log" DROP COLUMN "changes";
  DROP TYPE "public"."enum_audit_log_source";
  DROP TYPE "public"."enum_audit_log_actor_type";`)
}
