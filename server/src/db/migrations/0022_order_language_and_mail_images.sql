ALTER TABLE "orders" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "inline_images" jsonb DEFAULT '[]'::jsonb NOT NULL;