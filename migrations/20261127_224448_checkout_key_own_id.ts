import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "checkout_idempotency_keys" DROP CONSTRAINT "checkout_idempotency_keys_pkey";
  ALTER TABLE "checkout_idempotency_keys" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;
  CREATE UNIQUE INDEX "checkout_idempotency_keys_scope_key_idx" ON "checkout_idempotency_keys" USING btree ("scope","key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "checkout_idempotency_keys_scope_key_idx";
  ALTER TABLE "checkout_idempotency_keys" ADD CONSTRAINT "checkout_idempotency_keys_pkey" PRIMARY KEY("scope","key");
  ALTER TABLE "checkout_idempotency_keys" DROP COLUMN "id";`)
}
