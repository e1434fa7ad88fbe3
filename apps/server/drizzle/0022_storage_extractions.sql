CREATE TABLE "extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"module" text NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logical" text DEFAULT 'and' NOT NULL,
	"sort" jsonb,
	"columns" jsonb NOT NULL,
	"format" text DEFAULT 'csv' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"file_id" uuid,
	"expires_in" integer DEFAULT 86400 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"done_date" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"module" text NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "storage" bigint DEFAULT 1000000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extractions_client_id_create_date_idx" ON "extractions" USING btree ("client_id","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_key" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_client_id_create_date_idx" ON "files" USING btree ("client_id","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_client_id_module_reference_idx" ON "files" USING btree ("client_id","module","reference_id");--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["storage.create","storage.edit","storage.delete"]'::jsonb WHERE "access" ? 'storage.view' AND NOT "access" ? 'storage.create';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["storage.create","storage.edit","storage.delete"]'::jsonb WHERE "access" ? 'storage.view' AND NOT "access" ? 'storage.create';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["storage.create","storage.edit","storage.delete"]'::jsonb WHERE "access" ? 'storage.view' AND NOT "access" ? 'storage.create';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["extraction.create","extraction.delete"]'::jsonb WHERE "access" ? 'extraction.view' AND NOT "access" ? 'extraction.create';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["extraction.create","extraction.delete"]'::jsonb WHERE "access" ? 'extraction.view' AND NOT "access" ? 'extraction.create';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["extraction.create","extraction.delete"]'::jsonb WHERE "access" ? 'extraction.view' AND NOT "access" ? 'extraction.create';
