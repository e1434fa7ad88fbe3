ALTER TABLE "messages" ADD COLUMN "quoted_message_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;