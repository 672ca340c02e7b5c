CREATE TABLE "lead_times" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"blouse" integer NOT NULL,
	"chudithar" integer NOT NULL,
	"frock" integer NOT NULL,
	"pattupavadai" integer NOT NULL,
	"pant" integer NOT NULL,
	"nightwear" integer NOT NULL,
	"daily_capacity" integer NOT NULL,
	CONSTRAINT "lead_times_one_row" CHECK ("lead_times"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_ready_by_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_date" date,
	"to_date" date NOT NULL,
	"reason" text NOT NULL,
	"admin_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needed_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rush" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ready_by_changes" ADD CONSTRAINT "order_ready_by_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ready_by_changes" ADD CONSTRAINT "order_ready_by_changes_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ready_by_changes_order_idx" ON "order_ready_by_changes" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_ready_by_idx" ON "orders" USING btree ("ready_by");--> statement-breakpoint
-- The demo lead times (docs/product.md#dates-a-tailor-promises): days of work for blouse, chudithar, frock,
-- pattupavadai, pant and night wear, and six garments finished per working day.
INSERT INTO "lead_times" ("id", "blouse", "chudithar", "frock", "pattupavadai", "pant", "nightwear", "daily_capacity") VALUES (1, 7, 10, 7, 10, 5, 4, 6);
