import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// The attempt log without a foreign key to its delivery: a row is written in the statement that
// updates its delivery, and what deletes deliveries deletes their attempts in the same statement
// (src/webhooks/schema/attemptLogTable.ts). Going down, attempts whose delivery is gone go first.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_fk";
  `)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "webhook_attempts" a
     WHERE NOT EXISTS (SELECT 1 FROM "webhook_deliveries" d WHERE d.id = a.delivery_id);
   ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;`)
}
