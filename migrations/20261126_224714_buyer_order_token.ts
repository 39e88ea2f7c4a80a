import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "order_token_hash" varchar;
  ALTER TABLE "checkout_idempotency_keys" ADD COLUMN "order_token_sealed" varchar(200);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP COLUMN "order_token_hash";
  ALTER TABLE "checkout_idempotency_keys" DROP COLUMN "order_token_sealed";`)
}
