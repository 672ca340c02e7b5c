ALTER TABLE "order_lines" ADD COLUMN "final_price_paise" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "price_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "original_total_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;