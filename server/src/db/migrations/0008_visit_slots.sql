CREATE TABLE "visit_closed_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_closed_weekdays" (
	"weekday" smallint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"capacity" integer NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_slot_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visit_label" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_visit_slot_id_visit_slots_id_fk" FOREIGN KEY ("visit_slot_id") REFERENCES "public"."visit_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_visit_idx" ON "orders" USING btree ("visit_date","visit_slot_id");
--> statement-breakpoint
-- The shop starts with a working day's slots and Sundays closed (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md); the admin edits them.
INSERT INTO "visit_slots" ("label", "starts_at", "ends_at", "capacity") VALUES
	('10:00-13:00', '10:00', '13:00', 3),
	('14:00-17:00', '14:00', '17:00', 3),
	('17:00-19:30', '17:00', '19:30', 3);
--> statement-breakpoint
INSERT INTO "visit_closed_weekdays" ("weekday") VALUES (0);
