CREATE TABLE "bill_counters" (
	"year" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"collected_by" uuid,
	"collector_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_positive" CHECK ("order_payments"."amount_paise" > 0),
	CONSTRAINT "order_payments_method_known" CHECK ("order_payments"."method" in ('cash', 'upi'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_payments_at_idx" ON "order_payments" USING btree ("at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_number_unique" UNIQUE("bill_number");