CREATE TABLE "order_alterations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"problem" text NOT NULL,
	"where_text" text DEFAULT '' NOT NULL,
	"note" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"picked_up_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "order_alterations_problem_known" CHECK ("order_alterations"."problem" in ('tight', 'loose', 'length', 'other')),
	CONSTRAINT "order_alterations_status_known" CHECK ("order_alterations"."status" in ('requested', 'picked-up', 'done'))
);
--> statement-breakpoint
ALTER TABLE "order_appointments" DROP CONSTRAINT "order_appointments_kind_known";--> statement-breakpoint
ALTER TABLE "order_alterations" ADD CONSTRAINT "order_alterations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_alterations" ADD CONSTRAINT "order_alterations_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_alterations_one_open_idx" ON "order_alterations" USING btree ("order_line_id") WHERE "order_alterations"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "order_alterations_open_idx" ON "order_alterations" USING btree ("requested_at") WHERE "order_alterations"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "order_alterations_order_idx" ON "order_alterations" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_appointments" ADD CONSTRAINT "order_appointments_kind_known" CHECK ("order_appointments"."kind" in ('trial', 'delivery', 'alteration'));