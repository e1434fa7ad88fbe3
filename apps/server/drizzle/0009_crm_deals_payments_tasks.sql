CREATE TABLE "deal_counters" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"last_numdeal" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_stage_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"from_pipeline_stage_id" uuid,
	"to_pipeline_stage_id" uuid NOT NULL,
	"from_stage" text DEFAULT '' NOT NULL,
	"to_stage" text NOT NULL,
	"user_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"numdeal" integer NOT NULL,
	"name" text NOT NULL,
	"contact_id" uuid,
	"pipeline_id" uuid NOT NULL,
	"pipeline_stage_id" uuid NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'open' NOT NULL,
	"lost_reason" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CLP' NOT NULL,
	"closing_date" date,
	"expected_date" date,
	"owner" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"currency" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"pipeline_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#f44336' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid,
	"text" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"owner" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" smallint DEFAULT 2 NOT NULL,
	"module" text NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"contact_id" uuid,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_id" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"notify_enable" boolean DEFAULT false NOT NULL,
	"notify_before" timestamp with time zone,
	"notify_sent" boolean DEFAULT false NOT NULL,
	"notify_channel" text DEFAULT 'email' NOT NULL,
	"is_notified" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_counters" ADD CONSTRAINT "deal_counters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_stage_changes" ADD CONSTRAINT "deal_stage_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pipeline_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("pipeline_stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_stage_changes_deal_id_idx" ON "deal_stage_changes" USING btree ("client_id","deal_id","create_date");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_client_id_numdeal_key" ON "deals" USING btree ("client_id","numdeal");--> statement-breakpoint
CREATE INDEX "deals_kanban_idx" ON "deals" USING btree ("client_id","pipeline_id","pipeline_stage_id","position");--> statement-breakpoint
CREATE INDEX "deals_client_id_contact_id_idx" ON "deals" USING btree ("client_id","contact_id");--> statement-breakpoint
CREATE INDEX "deals_client_id_create_date_idx" ON "deals" USING btree ("client_id","create_date");--> statement-breakpoint
CREATE INDEX "deals_name_trgm_idx" ON "deals" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_client_id_deal_id_idx" ON "payments" USING btree ("client_id","deal_id");--> statement-breakpoint
CREATE INDEX "payments_client_id_payment_date_idx" ON "payments" USING btree ("client_id","payment_date");--> statement-breakpoint
CREATE INDEX "pipeline_stages_pipeline_id_position_idx" ON "pipeline_stages" USING btree ("pipeline_id","position");--> statement-breakpoint
CREATE INDEX "pipelines_client_id_position_idx" ON "pipelines" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "task_comments_task_id_idx" ON "task_comments" USING btree ("task_id","create_date");--> statement-breakpoint
CREATE INDEX "tasks_client_id_complete_due_date_idx" ON "tasks" USING btree ("client_id","complete","due_date");--> statement-breakpoint
CREATE INDEX "tasks_client_id_module_reference_id_idx" ON "tasks" USING btree ("client_id","module","reference_id");--> statement-breakpoint
CREATE INDEX "tasks_client_id_contact_id_idx" ON "tasks" USING btree ("client_id","contact_id");--> statement-breakpoint
CREATE INDEX "tasks_owner_idx" ON "tasks" USING gin ("owner");--> statement-breakpoint
CREATE INDEX "tasks_title_trgm_idx" ON "tasks" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
-- Keys added with deals, payments and tasks: whoever held the key they extend gets them (a company's and a
-- plan's list, and a staff user's own), so no existing account loses what it could do through the new routes.
UPDATE "clients" SET "access" = "access" || '["deal.bulkupdate"]'::jsonb WHERE "access" ? 'deal.edit' AND NOT "access" ? 'deal.bulkupdate';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["deal.bulkdelete"]'::jsonb WHERE "access" ? 'deal.delete' AND NOT "access" ? 'deal.bulkdelete';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["payment.edit"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.edit';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["payment.delete"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.delete';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["payment.export"]'::jsonb WHERE "access" ? 'payment.view' AND NOT "access" ? 'payment.export';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["payment.bulkupdate"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.bulkupdate';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["payment.bulkdelete"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.bulkdelete';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["task.export"]'::jsonb WHERE "access" ? 'task.view' AND NOT "access" ? 'task.export';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["task.bulkupdate"]'::jsonb WHERE "access" ? 'task.edit' AND NOT "access" ? 'task.bulkupdate';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["task.bulkdelete"]'::jsonb WHERE "access" ? 'task.delete' AND NOT "access" ? 'task.bulkdelete';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["deal.bulkupdate"]'::jsonb WHERE "access" ? 'deal.edit' AND NOT "access" ? 'deal.bulkupdate';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["deal.bulkdelete"]'::jsonb WHERE "access" ? 'deal.delete' AND NOT "access" ? 'deal.bulkdelete';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["payment.edit"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.edit';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["payment.delete"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.delete';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["payment.export"]'::jsonb WHERE "access" ? 'payment.view' AND NOT "access" ? 'payment.export';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["payment.bulkupdate"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.bulkupdate';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["payment.bulkdelete"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.bulkdelete';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["task.export"]'::jsonb WHERE "access" ? 'task.view' AND NOT "access" ? 'task.export';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["task.bulkupdate"]'::jsonb WHERE "access" ? 'task.edit' AND NOT "access" ? 'task.bulkupdate';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["task.bulkdelete"]'::jsonb WHERE "access" ? 'task.delete' AND NOT "access" ? 'task.bulkdelete';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["deal.bulkupdate"]'::jsonb WHERE "access" ? 'deal.edit' AND NOT "access" ? 'deal.bulkupdate';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["deal.bulkdelete"]'::jsonb WHERE "access" ? 'deal.delete' AND NOT "access" ? 'deal.bulkdelete';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["payment.edit"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.edit';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["payment.delete"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.delete';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["payment.export"]'::jsonb WHERE "access" ? 'payment.view' AND NOT "access" ? 'payment.export';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["payment.bulkupdate"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.bulkupdate';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["payment.bulkdelete"]'::jsonb WHERE "access" ? 'payment.create' AND NOT "access" ? 'payment.bulkdelete';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["task.export"]'::jsonb WHERE "access" ? 'task.view' AND NOT "access" ? 'task.export';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["task.bulkupdate"]'::jsonb WHERE "access" ? 'task.edit' AND NOT "access" ? 'task.bulkupdate';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["task.bulkdelete"]'::jsonb WHERE "access" ? 'task.delete' AND NOT "access" ? 'task.bulkdelete';
