CREATE TABLE "order_state_counts" (
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_state_counts_status_slot_pk" PRIMARY KEY("status","slot")
);
--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_phone_trgm_idx" ON "contact_messages" USING gin (regexp_replace("phone", '[^0-9]', '', 'g') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "contact_messages_message_trgm_idx" ON "contact_messages" USING gin ("message" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cancelled_orders_created_idx" ON "cancelled_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cancelled_orders_number_trgm_idx" ON "cancelled_orders" USING gin ("order_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cancelled_orders_username_trgm_idx" ON "cancelled_orders" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "cancelled_orders_phone_trgm_idx" ON "cancelled_orders" USING gin ("phone_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_address_name_trgm_idx" ON "orders" USING gin (("address" ->> 'name') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_address_phone_trgm_idx" ON "orders" USING gin (("address" ->> 'phoneNumber') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_address_alternate_phone_trgm_idx" ON "orders" USING gin (("address" ->> 'alternatePhone') gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","order_number");--> statement-breakpoint
-- Per-state order counts (db/schema/orders.ts orderStateCounts; docs/decisions/019-lists-by-page.md),
-- kept by statement-level triggers on orders in the writing statement's own transaction, so
-- every writer (the shop, a restore, delete-user, the bench) keeps them exact on PGlite and
-- PostgreSQL alike. Each session adds to its own slot (its backend's pid modulo 16): orders
-- placed at once on PostgreSQL do not wait on one another's row lock.
CREATE FUNCTION "order_state_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "order_state_counts" ("status", "slot", "orders")
      SELECT "status", pg_backend_pid() % 16, count(*) FROM "new_orders" GROUP BY "status"
      ON CONFLICT ("status", "slot") DO UPDATE SET "orders" = "order_state_counts"."orders" + excluded."orders";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "order_state_counts" ("status", "slot", "orders")
      SELECT "status", pg_backend_pid() % 16, -count(*) FROM "old_orders" GROUP BY "status"
      ON CONFLICT ("status", "slot") DO UPDATE SET "orders" = "order_state_counts"."orders" + excluded."orders";
  ELSE
    -- An UPDATE: only a change of status moves a count.
    INSERT INTO "order_state_counts" ("status", "slot", "orders")
      SELECT "status", pg_backend_pid() % 16, sum("change") FROM (
        SELECT "status", 1 AS "change" FROM "new_orders"
        UNION ALL
        SELECT "status", -1 AS "change" FROM "old_orders"
      ) "changes" GROUP BY "status" HAVING sum("change") <> 0
      ON CONFLICT ("status", "slot") DO UPDATE SET "orders" = "order_state_counts"."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "order_state_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_state_counts";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_state_counts_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_state_counts_change"();--> statement-breakpoint
CREATE TRIGGER "order_state_counts_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_state_counts_change"();--> statement-breakpoint
CREATE TRIGGER "order_state_counts_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_state_counts_change"();--> statement-breakpoint
CREATE TRIGGER "order_state_counts_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_state_counts_clear"();--> statement-breakpoint
-- The orders already there.
INSERT INTO "order_state_counts" ("status", "slot", "orders") SELECT "status", 0, count(*) FROM "orders" GROUP BY "status";
