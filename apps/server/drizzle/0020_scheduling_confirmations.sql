CREATE TABLE "agenda_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"type" text NOT NULL,
	"external_id" text DEFAULT '' NOT NULL,
	"agenda_id" text DEFAULT '' NOT NULL,
	"account_id" text DEFAULT '' NOT NULL,
	"treatment_id" text DEFAULT '' NOT NULL,
	"contact_id" uuid,
	"patient_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"meet_date" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"specialist" text DEFAULT '' NOT NULL,
	"specialist_name" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"specialty" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirmation_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"agenda_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone" text DEFAULT '' NOT NULL,
	"patient_name" text DEFAULT '' NOT NULL,
	"meet_date" timestamp with time zone NOT NULL,
	"specialist" text DEFAULT '' NOT NULL,
	"specialist_name" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"message_id" uuid,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"writeback" text DEFAULT 'none' NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confirmation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"date" text NOT NULL,
	"template_id" uuid,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_at" timestamp with time zone,
	"reply_deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "buttons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "button_reply" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_appointments" ADD CONSTRAINT "agenda_appointments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_appointments" ADD CONSTRAINT "agenda_appointments_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_appointments" ADD CONSTRAINT "agenda_appointments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rows" ADD CONSTRAINT "confirmation_rows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rows" ADD CONSTRAINT "confirmation_rows_run_id_confirmation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."confirmation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rows" ADD CONSTRAINT "confirmation_rows_agenda_id_agenda_appointments_id_fk" FOREIGN KEY ("agenda_id") REFERENCES "public"."agenda_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_rows" ADD CONSTRAINT "confirmation_rows_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_runs" ADD CONSTRAINT "confirmation_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_runs" ADD CONSTRAINT "confirmation_runs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_runs" ADD CONSTRAINT "confirmation_runs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_runs" ADD CONSTRAINT "confirmation_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_appointments_integration_external_key" ON "agenda_appointments" USING btree ("integration_id","external_id") WHERE "agenda_appointments"."external_id" <> '';--> statement-breakpoint
CREATE INDEX "agenda_appointments_client_meet_date_idx" ON "agenda_appointments" USING btree ("client_id","meet_date");--> statement-breakpoint
CREATE INDEX "agenda_appointments_integration_meet_date_idx" ON "agenda_appointments" USING btree ("integration_id","meet_date");--> statement-breakpoint
CREATE INDEX "agenda_appointments_contact_id_idx" ON "agenda_appointments" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_rows_run_agenda_key" ON "confirmation_rows" USING btree ("run_id","agenda_id");--> statement-breakpoint
CREATE INDEX "confirmation_rows_run_state_idx" ON "confirmation_rows" USING btree ("run_id","state");--> statement-breakpoint
CREATE INDEX "confirmation_rows_waiting_idx" ON "confirmation_rows" USING btree ("client_id","phone") WHERE "confirmation_rows"."state" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "confirmation_runs_integration_date_key" ON "confirmation_runs" USING btree ("integration_id","date") WHERE "confirmation_runs"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "confirmation_runs_client_date_idx" ON "confirmation_runs" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "confirmation_runs_due_idx" ON "confirmation_runs" USING btree ("status","send_at") WHERE "confirmation_runs"."status" in ('scheduled', 'running');--> statement-breakpoint
-- The agenda and the confirmations gained write keys (API.md part 3 §7): whoever could read them before
-- held the whole module (there was nothing else), so each list with the read key gains the write keys.
UPDATE "plans" SET "access" = "access" || '["agenda.create","agenda.edit","agenda.delete"]'::jsonb WHERE "access" ? 'agenda.view' AND NOT "access" ? 'agenda.create';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["agenda.create","agenda.edit","agenda.delete"]'::jsonb WHERE "access" ? 'agenda.view' AND NOT "access" ? 'agenda.create';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["agenda.create","agenda.edit","agenda.delete"]'::jsonb WHERE "access" ? 'agenda.view' AND NOT "access" ? 'agenda.create';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["confirmation.create","confirmation.edit","confirmation.delete"]'::jsonb WHERE "access" ? 'confirmation.view' AND NOT "access" ? 'confirmation.create';--> statement-breakpoint
UPDATE "clients" SET "access" = "access" || '["confirmation.create","confirmation.edit","confirmation.delete"]'::jsonb WHERE "access" ? 'confirmation.view' AND NOT "access" ? 'confirmation.create';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["confirmation.create","confirmation.edit","confirmation.delete"]'::jsonb WHERE "access" ? 'confirmation.view' AND NOT "access" ? 'confirmation.create';
