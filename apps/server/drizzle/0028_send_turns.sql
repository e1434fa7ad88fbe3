ALTER TABLE "messages" ADD COLUMN "send_turn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_rates" DROP COLUMN "last_granted";