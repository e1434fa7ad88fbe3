CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"module" text NOT NULL,
	"record_id" text DEFAULT '' NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"module" text NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file_key" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'CL' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_id" text DEFAULT '' NOT NULL,
	"owner" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"converted_contact_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_dinamic" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"module" text NOT NULL,
	"field" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#f44336' NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"owner" uuid,
	"module" text NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '{"filters":[],"logical":"and"}'::jsonb NOT NULL,
	"sort" jsonb,
	"kanban" jsonb DEFAULT '{"columns":[]}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_contact_id_contacts_id_fk" FOREIGN KEY ("converted_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_dinamic" ADD CONSTRAINT "list_dinamic_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "views" ADD CONSTRAINT "views_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_client_id_create_date_idx" ON "audit_logs" USING btree ("client_id","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_logs_client_id_module_record_id_idx" ON "audit_logs" USING btree ("client_id","module","record_id");--> statement-breakpoint
CREATE INDEX "import_jobs_client_id_create_date_idx" ON "import_jobs" USING btree ("client_id","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_client_id_create_date_idx" ON "leads" USING btree ("client_id","create_date");--> statement-breakpoint
CREATE INDEX "leads_client_id_phone_idx" ON "leads" USING btree ("client_id","phone");--> statement-breakpoint
CREATE INDEX "leads_client_id_status_id_idx" ON "leads" USING btree ("client_id","status_id");--> statement-breakpoint
CREATE INDEX "leads_full_name_trgm_idx" ON "leads" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "list_dinamic_client_id_module_field_idx" ON "list_dinamic" USING btree ("client_id","module","field");--> statement-breakpoint
CREATE INDEX "views_client_id_module_idx" ON "views" USING btree ("client_id","module");--> statement-breakpoint
-- The audit log is append-only for everyone, the product's own role included: no row can be changed, and a
-- row can be deleted only once it is older than the retention period (400 days, AUDIT_RETENTION_DAYS).
CREATE FUNCTION "audit_logs_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF OLD.create_date < now() - interval '400 days' THEN
			RETURN OLD;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_logs rows cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_logs_no_truncate" BEFORE TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION "audit_logs_append_only"();
