-- Each mail's Message-ID, fixed when it is queued (db/schema/mail.ts mailOutbox.messageId;
-- docs/decisions/016-mail-outbox.md): gen_random_uuid() is drawn row by row, so the mails
-- already waiting get one each.
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" uuid DEFAULT gen_random_uuid() NOT NULL;