import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The statuses of refunded orders, in a migration of their own: PostgreSQL does not let the
// transaction that adds an enum value use it, and the next migration's index does.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TYPE "public"."enum_orders_status" ADD VALUE IF NOT EXISTS 'partially_refunded';
  ALTER TYPE "public"."enum_orders_status" ADD VALUE IF NOT EXISTS 'refunded';`)
}

// The next migration's down recreates the type without them.
export async function down(_args: MigrateDownArgs): Promise<void> {}
