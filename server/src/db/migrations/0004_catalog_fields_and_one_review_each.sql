ALTER TABLE "products" ADD COLUMN "name_ta" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ta" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_price_paise" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "stars" smallint;--> statement-breakpoint
-- One review per account and product (docs/security.md): keep each account's newest review of a product.
DELETE FROM "reviews" r USING "reviews" newer
  WHERE r."user_id" IS NOT NULL AND newer."user_id" = r."user_id" AND newer."product_id" = r."product_id"
    AND (newer."created_at", newer."id") > (r."created_at", r."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compare_at_above_price" CHECK ("products"."compare_at_price_paise" is null or "products"."compare_at_price_paise" > "products"."price_paise");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" between 1 and 5);