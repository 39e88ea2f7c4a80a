import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_queue" (
  	"delivery_id" integer PRIMARY KEY NOT NULL,
  	"subscription_id" varchar NOT NULL,
  	"due_at" timestamp (3) with time zone NOT NULL,
  	"lease_expires_at" timestamp (3) with time zone,
  	"event_seq" bigint,
  	"ordering_key" varchar(200)
  );
  
  DROP INDEX "webhook_deliveries_due_idx";
  DROP INDEX "webhook_deliveries_in_flight_idx";
  DROP INDEX "webhook_deliveries_ordered_idx";
  CREATE INDEX "webhook_queue_due_idx" ON "webhook_queue" USING btree ("subscription_id","due_at");
  CREATE INDEX "webhook_queue_in_flight_idx" ON "webhook_queue" USING btree ("subscription_id") WHERE lease_expires_at IS NOT NULL;
  CREATE INDEX "webhook_queue_ordered_idx" ON "webhook_queue" USING btree ("subscription_id","ordering_key","event_seq") WHERE ordering_key IS NOT NULL;`)
  // Every delivery not finished moves to the queue, as its row in the log says: waiting ones due
  // when they were due, those in flight under their lease (a worker still sending one records
  // its outcome as before). Then the log's triggers keep the queue from here on
  // (src/webhooks/schema/deliveryQueueTable.ts; the text is frozen here as it was then).
  await db.execute(sql`
  LOCK TABLE "webhook_deliveries" IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO "webhook_queue"
    (delivery_id, subscription_id, due_at, lease_expires_at, event_seq, ordering_key)
  SELECT r.id, r.subscription_id, coalesce(r.next_attempt_at, now()),
         CASE WHEN r.status = 'delivering' THEN r.lease_expires_at END,
         r.event_seq, r.ordering_key
  FROM "webhook_deliveries" r
  WHERE r.status IN ('pending', 'failed', 'delivering') AND r.subscription_id IS NOT NULL;`)
  await db.execute(sql.raw(`
CREATE OR REPLACE FUNCTION webhook_queue_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_queue
    (delivery_id, subscription_id, due_at, lease_expires_at, event_seq, ordering_key)
  SELECT r.id, r.subscription_id, coalesce(r.next_attempt_at, now()),
         CASE WHEN r.status = 'delivering' THEN r.lease_expires_at END,
         r.event_seq, r.ordering_key
  FROM inserted_rows r
  WHERE r.status IN ('pending', 'failed', 'delivering') AND r.subscription_id IS NOT NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION webhook_queue_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM webhook_queue
  WHERE delivery_id = ANY (ARRAY(
    SELECT r.id FROM updated_rows r WHERE r.status NOT IN ('pending', 'failed', 'delivering')));
  INSERT INTO webhook_queue AS q
    (delivery_id, subscription_id, due_at, lease_expires_at, event_seq, ordering_key)
  SELECT r.id, r.subscription_id, coalesce(r.next_attempt_at, now()),
         CASE WHEN r.status = 'delivering' THEN r.lease_expires_at END,
         r.event_seq, r.ordering_key
  FROM updated_rows r
  WHERE r.status IN ('pending', 'failed', 'delivering') AND r.subscription_id IS NOT NULL
  ON CONFLICT (delivery_id) DO UPDATE
  SET subscription_id = excluded.subscription_id, due_at = excluded.due_at,
      lease_expires_at = excluded.lease_expires_at, event_seq = excluded.event_seq,
      ordering_key = excluded.ordering_key
  WHERE (q.subscription_id, q.due_at, q.lease_expires_at, q.event_seq, q.ordering_key)
    IS DISTINCT FROM (excluded.subscription_id, excluded.due_at, excluded.lease_expires_at,
                      excluded.event_seq, excluded.ordering_key);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION webhook_queue_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM webhook_queue
  WHERE delivery_id = ANY (ARRAY(SELECT r.id FROM deleted_rows r));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER webhook_deliveries_queue_insert AFTER INSERT ON webhook_deliveries
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_after_insert();
CREATE OR REPLACE TRIGGER webhook_deliveries_queue_update AFTER UPDATE ON webhook_deliveries
  REFERENCING NEW TABLE AS updated_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_after_update();
CREATE OR REPLACE TRIGGER webhook_deliveries_queue_delete AFTER DELETE ON webhook_deliveries
  REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_queue_after_delete();

ALTER TABLE webhook_deliveries SET (fillfactor = 70);
`))
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TRIGGER IF EXISTS webhook_deliveries_queue_insert ON webhook_deliveries;
   DROP TRIGGER IF EXISTS webhook_deliveries_queue_update ON webhook_deliveries;
   DROP TRIGGER IF EXISTS webhook_deliveries_queue_delete ON webhook_deliveries;
   DROP FUNCTION IF EXISTS webhook_queue_after_insert();
   DROP FUNCTION IF EXISTS webhook_queue_after_update();
   DROP FUNCTION IF EXISTS webhook_queue_after_delete();
   ALTER TABLE webhook_deliveries RESET (fillfactor);
   ALTER TABLE "webhook_queue" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "webhook_queue" CASCADE;
  CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("subscription_id","next_attempt_at") WHERE status IN ('pending', 'failed', 'delivering');
  CREATE INDEX "webhook_deliveries_in_flight_idx" ON "webhook_deliveries" USING btree ("subscription_id") WHERE status = 'delivering';
  CREATE INDEX "webhook_deliveries_ordered_idx" ON "webhook_deliveries" USING btree ("subscription_id","ordering_key","event_seq") WHERE ordering_key IS NOT NULL AND status IN ('pending', 'failed', 'delivering');`)
}
