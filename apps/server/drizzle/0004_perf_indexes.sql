-- myDeriveds (`owner @> '["<user id>"]'`) scanned the whole table: jsonb_path_ops serves @> only, and is smaller.
CREATE INDEX "contacts_owner_gin_idx" ON "contacts" USING gin ("owner" jsonb_path_ops);--> statement-breakpoint
-- Every inbound message updates its contact row. At the default 20% a big tenant's visibility map went stale
-- between vacuums and the list's index-only counts fell back to heap fetches; vacuum after 2% instead.
-- Hand-written: drizzle-kit cannot express table storage parameters.
ALTER TABLE "contacts" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
-- The list's exact total visits every matching conversation. AllInactive also tests last_inbound_at, which
-- sent each count to the table (or a sequential scan); carried in the list's indexes, every count of the
-- list is an index-only scan. Hand-written: drizzle-kit cannot express INCLUDE; the names are unchanged.
DROP INDEX "contacts_client_id_last_message_at_idx";--> statement-breakpoint
CREATE INDEX "contacts_client_id_last_message_at_idx" ON "contacts" USING btree ("client_id","last_message_at" DESC NULLS LAST) INCLUDE ("last_inbound_at");--> statement-breakpoint
DROP INDEX "contacts_client_id_derivedto_last_message_at_idx";--> statement-breakpoint
CREATE INDEX "contacts_client_id_derivedto_last_message_at_idx" ON "contacts" USING btree ("client_id","derivedto","last_message_at" DESC NULLS LAST) INCLUDE ("last_inbound_at");--> statement-breakpoint
DROP INDEX "contacts_client_id_pending_idx";--> statement-breakpoint
CREATE INDEX "contacts_client_id_pending_idx" ON "contacts" USING btree ("client_id","last_message_at" DESC NULLS LAST) INCLUDE ("last_inbound_at") WHERE "contacts"."numpending" > 0;
