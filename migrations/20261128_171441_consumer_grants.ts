import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/*
 * Issue 49: grants per event type. Each consumer holds grants (`consumers_grants`); the fan-out
 * sends a type only to consumers holding its grant, and a revoked grant cancels the deliveries
 * of its types (`cancelled`). So that nothing stops on upgrade, every consumer that exists gets
 * `content` (what any consumer read and received before) and each grant its subscriptions
 * already use: `orders` for an `order.*` type, `inquiries` for `inquiry.created`, and every
 * grant for a subscription to `*` (which keeps receiving everything). Consumers created after
 * the upgrade get `content` only. The types' grants are written here as they were at this
 * migration (the domains' registrations may change later; this upgrade must not).
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_consumers_grants" AS ENUM('content', 'orders', 'inquiries');
  ALTER TYPE "public"."enum_webhook_deliveries_status" ADD VALUE 'cancelled';
  CREATE TABLE "consumers_grants" (
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"value" "enum_consumers_grants",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  ALTER TABLE "consumers_grants" ADD CONSTRAINT "consumers_grants_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "consumers_grants_order_idx" ON "consumers_grants" USING btree ("order");
  CREATE INDEX "consumers_grants_parent_idx" ON "consumers_grants" USING btree ("parent_id");`)
  await db.execute(sql`
  WITH used AS (
    SELECT c.id AS consumer_id, 'content' AS grant_name FROM consumers c
    UNION
    SELECT s.consumer_id, g.grant_name
    FROM webhook_subscriptions s
    CROSS JOIN LATERAL jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(s.events) = 'array' THEN s.events ELSE '[]'::jsonb END) AS e(name)
    JOIN (VALUES ('order.created', 'orders'), ('order.updated', 'orders'), ('order.paid', 'orders'),
                 ('order.refunded', 'orders'), ('inquiry.created', 'inquiries'),
                 ('*', 'orders'), ('*', 'inquiries')) AS g(event_name, grant_name)
      ON g.event_name = e.name
  )
  INSERT INTO consumers_grants ("order", parent_id, value)
  SELECT row_number() OVER (PARTITION BY consumer_id
           ORDER BY array_position(ARRAY['content', 'orders', 'inquiries'], grant_name)),
         consumer_id, grant_name::enum_consumers_grants
  FROM used`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "consumers_grants" CASCADE;
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" SET DEFAULT 'pending'::text;
  UPDATE "webhook_deliveries" SET "status" = 'dead' WHERE "status" = 'cancelled';
  DROP TYPE "public"."enum_webhook_deliveries_status";
  CREATE TYPE "public"."enum_webhook_deliveries_status" AS ENUM('pending', 'delivering', 'succeeded', 'failed', 'dead');
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" SET DEFAULT 'pending'::"public"."enum_webhook_deliveries_status";
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "status" SET DATA TYPE "public"."enum_webhook_deliveries_status" USING "status"::"public"."enum_webhook_deliveries_status";
  DROP TYPE "public"."enum_consumers_grants";`)
}
