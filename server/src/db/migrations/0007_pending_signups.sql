CREATE TABLE "pending_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_signups_email_idx" ON "pending_signups" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pending_signups_expires_idx" ON "pending_signups" USING btree ("expires_at");--> statement-breakpoint
-- Accounts still waiting for their code become pending sign-ups with no live code: signing in
-- with their password mails a new one (docs/decisions/017-pending-sign-ups.md).
INSERT INTO "pending_signups" ("email", "username", "password_hash", "code_hash", "code_expires_at", "code_sent_at", "expires_at", "created_at")
  SELECT "email", "username", "password_hash", '', now(), "created_at", now() + interval '1 day', "created_at" FROM "users" WHERE "verified" = false;--> statement-breakpoint
DELETE FROM "users" WHERE "verified" = false;--> statement-breakpoint
DROP TABLE "one_time_codes" CASCADE;
