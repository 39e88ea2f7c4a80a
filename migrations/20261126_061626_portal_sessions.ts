import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "webhook_portal_sessions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"consumer_id" varchar NOT NULL,
  	"is_read_only" boolean DEFAULT false NOT NULL,
  	"opened_by" varchar(100) NOT NULL,
  	"link_hash" varchar(64) NOT NULL,
  	"link_expires_at" timestamp (3) with time zone NOT NULL,
  	"session_hash" varchar(64),
  	"opened_at" timestamp (3) with time zone,
  	"last_seen_at" timestamp (3) with time zone,
  	"ends_at" timestamp (3) with time zone,
  	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "webhook_portal_sessions" ADD CONSTRAINT "webhook_portal_sessions_consumer_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "webhook_portal_sessions_link_idx" ON "webhook_portal_sessions" USING btree ("link_hash");
  CREATE UNIQUE INDEX "webhook_portal_sessions_session_idx" ON "webhook_portal_sessions" USING btree ("session_hash");
  CREATE INDEX "webhook_portal_sessions_consumer_idx" ON "webhook_portal_sessions" USING btree ("consumer_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "webhook_portal_sessions" CASCADE;`)
}
