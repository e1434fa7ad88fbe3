-- chat.sendmessage and chat.transfer were keys of our own; the spec (section 6) has none for writing in or
-- transferring a conversation: chat.view opens the chat, the assignment and the user's answer flag decide
-- the rest. Whoever saw chats without chat.sendmessage could not write, so their answer flag now says so
-- (judged as the access check judges: a staff user by their own list, others by the company's; a market
-- company held every key).
UPDATE "users" SET "answer" = false
FROM "clients"
WHERE "clients"."id" = "users"."client_id"
  AND NOT "clients"."market"
  AND (CASE WHEN "users"."account" = 'user' THEN "users"."access" ELSE "clients"."access" END) ? 'chat.view'
  AND NOT (CASE WHEN "users"."account" = 'user' THEN "users"."access" ELSE "clients"."access" END) ? 'chat.sendmessage';
--> statement-breakpoint
UPDATE "users" SET "access" = "access" - 'chat.sendmessage' - 'chat.transfer'
WHERE "access" ?| array['chat.sendmessage', 'chat.transfer'];
--> statement-breakpoint
UPDATE "clients" SET "access" = "access" - 'chat.sendmessage' - 'chat.transfer'
WHERE "access" ?| array['chat.sendmessage', 'chat.transfer'];
--> statement-breakpoint
UPDATE "plans" SET "access" = "access" - 'chat.sendmessage' - 'chat.transfer'
WHERE "access" ?| array['chat.sendmessage', 'chat.transfer'];
