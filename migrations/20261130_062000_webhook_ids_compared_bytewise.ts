import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The deliveries' subscription and event ids, and the attempt log's subscription id, compare
 * byte by byte (`COLLATE "C"`): they are UUIDs, which every collation orders alike, and the
 * database's own collation made each comparison in their indexes a locale comparison. Inserting
 * one event's 10,000 deliveries among 300,000 took 116 against 135 ms at the median over 24
 * alternated runs on PostgreSQL 15 (docs/benchmarks.md, 2026-11-30). Their indexes are rebuilt;
 * the rows are not rewritten. Equality, and so every lookup and join, is unchanged; a pushed
 * development or test schema keeps the database's collation, as it keeps the default fill factor.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "webhook_deliveries"
    ALTER COLUMN "subscription_id" SET DATA TYPE varchar COLLATE "C",
    ALTER COLUMN "event_id" SET DATA TYPE varchar COLLATE "C";
  ALTER TABLE "webhook_attempts" ALTER COLUMN "subscription_id" SET DATA TYPE varchar COLLATE "C";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "webhook_deliveries"
    ALTER COLUMN "subscription_id" SET DATA TYPE varchar COLLATE "default",
    ALTER COLUMN "event_id" SET DATA TYPE varchar COLLATE "default";
  ALTER TABLE "webhook_attempts" ALTER COLUMN "subscription_id" SET DATA TYPE varchar COLLATE "default";`)
}
