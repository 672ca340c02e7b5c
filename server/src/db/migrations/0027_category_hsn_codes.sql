CREATE TABLE "category_hsn_codes" (
	"category" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "category_hsn_codes_code_digits" CHECK ("category_hsn_codes"."code" ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$')
);
--> statement-breakpoint
CREATE INDEX "order_events_status_at_idx" ON "order_events" USING btree ("status","at");