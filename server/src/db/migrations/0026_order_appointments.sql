CREATE TABLE "order_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"slot_id" uuid NOT NULL,
	"label" text NOT NULL,
	"booked_by" text NOT NULL,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_how" text,
	CONSTRAINT "order_appointments_kind_known" CHECK ("order_appointments"."kind" in ('trial', 'delivery')),
	CONSTRAINT "order_appointments_booked_by_known" CHECK ("order_appointments"."booked_by" in ('shop', 'customer')),
	CONSTRAINT "order_appointments_ended_how_known" CHECK ("order_appointments"."ended_how" is null or "order_appointments"."ended_how" in ('moved', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_appointments" ADD CONSTRAINT "order_appointments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_appointments" ADD CONSTRAINT "order_appointments_slot_id_visit_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."visit_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_appointments_one_open_idx" ON "order_appointments" USING btree ("order_id","kind") WHERE "order_appointments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "order_appointments_slot_day_idx" ON "order_appointments" USING btree ("date","slot_id") WHERE "order_appointments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "order_appointments_order_idx" ON "order_appointments" USING btree ("order_id");