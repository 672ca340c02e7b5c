CREATE TABLE "area_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pin_code" text NOT NULL,
	"contact" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_requests_pin_contact_key" UNIQUE("pin_code","contact")
);
--> statement-breakpoint
CREATE TABLE "served_pin_codes" (
	"pin_code" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"area_ta" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "landmark" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "alternate_phone" text;--> statement-breakpoint
ALTER TABLE "area_requests" ADD CONSTRAINT "area_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_requests_user_idx" ON "area_requests" USING btree ("user_id");--> statement-breakpoint
-- The shop starts with Pollachi's own pin codes (docs/decisions/015-the-shop-starts-with-pollachis-service-area.md); the admin edits them.
INSERT INTO "served_pin_codes" ("pin_code", "area", "area_ta", "position") VALUES
	('642001', 'Pollachi', 'பொள்ளாச்சி', 0),
	('642002', 'Pollachi', 'பொள்ளாச்சி', 1),
	('642003', 'Pollachi', 'பொள்ளாச்சி', 2),
	('642004', 'Pollachi', 'பொள்ளாச்சி', 3),
	('642005', 'Pollachi', 'பொள்ளாச்சி', 4),
	('642006', 'Pollachi', 'பொள்ளாச்சி', 5),
	('642007', 'Pollachi', 'பொள்ளாச்சி', 6);
