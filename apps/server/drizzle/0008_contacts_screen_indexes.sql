CREATE INDEX "contacts_client_id_full_name_idx" ON "contacts" USING btree ("client_id","full_name");--> statement-breakpoint
CREATE INDEX "contacts_tags_gin_idx" ON "contacts" USING gin ("tags" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "contacts_client_id_stage_create_date_idx" ON "contacts" USING btree ("client_id","stage","create_date");