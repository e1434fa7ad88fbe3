ALTER TABLE "users" ALTER COLUMN "push_notification" SET DEFAULT '["chat","task"]'::jsonb;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "sound_notification" SET DEFAULT '["chat","task"]'::jsonb;--> statement-breakpoint
-- No screen set these lists before, so an empty one was never a choice: everyone keeps hearing and seeing
-- both modules, as they did.
UPDATE "users" SET "push_notification" = '["chat","task"]'::jsonb WHERE "push_notification" = '[]'::jsonb;--> statement-breakpoint
UPDATE "users" SET "sound_notification" = '["chat","task"]'::jsonb WHERE "sound_notification" = '[]'::jsonb;
