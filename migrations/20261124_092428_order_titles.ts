import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "title" varchar;`)
  // Orders placed before titles were stored get theirs (written by hand: data, not schema).
  await db.execute(sql`UPDATE "orders" SET "title" = 'Order #' || "id" WHERE "title" IS NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP COLUMN "title";`)
}
