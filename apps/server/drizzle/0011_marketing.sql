CREATE TABLE "diffusion_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"diffusion_id" uuid NOT NULL,
	"contact_id" uuid,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"message_id" uuid,
	"provider_id" text DEFAULT '' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"replied" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diffusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"device_id" uuid NOT NULL,
	"audience" jsonb NOT NULL,
	"message" jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"send_window" jsonb NOT NULL,
	"pacing" jsonb NOT NULL,
	"max_monthly_responses" integer DEFAULT 0 NOT NULL,
	"count_current_responses" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pause_reason" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_opt_outs" (
	"client_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_opt_outs_client_id_phone_pk" PRIMARY KEY("client_id","phone")
);
--> statement-breakpoint
CREATE TABLE "newsletter_views" (
	"user_id" uuid NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_views_user_id_newsletter_id_pk" PRIMARY KEY("user_id","newsletter_id")
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT 'newfeature' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"release_date" date NOT NULL,
	"show_login_date" timestamp with time zone,
	"description" text DEFAULT '' NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"popup" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "messaging_limit" integer DEFAULT 250;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "quality" text DEFAULT 'UNKNOWN' NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "diffusion_recipients" ADD CONSTRAINT "diffusion_recipients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diffusion_recipients" ADD CONSTRAINT "diffusion_recipients_diffusion_id_diffusions_id_fk" FOREIGN KEY ("diffusion_id") REFERENCES "public"."diffusions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diffusion_recipients" ADD CONSTRAINT "diffusion_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diffusions" ADD CONSTRAINT "diffusions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diffusions" ADD CONSTRAINT "diffusions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diffusions" ADD CONSTRAINT "diffusions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_opt_outs" ADD CONSTRAINT "marketing_opt_outs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_views" ADD CONSTRAINT "newsletter_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_views" ADD CONSTRAINT "newsletter_views_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diffusion_recipients_diffusion_id_phone_key" ON "diffusion_recipients" USING btree ("diffusion_id","phone");--> statement-breakpoint
CREATE INDEX "diffusion_recipients_diffusion_id_state_idx" ON "diffusion_recipients" USING btree ("diffusion_id","state","id");--> statement-breakpoint
CREATE INDEX "diffusion_recipients_message_id_idx" ON "diffusion_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "diffusions_client_id_create_date_idx" ON "diffusions" USING btree ("client_id","create_date");--> statement-breakpoint
CREATE INDEX "diffusions_due_idx" ON "diffusions" USING btree ("scheduled_at") WHERE "diffusions"."status" in ('scheduled', 'running');--> statement-breakpoint
CREATE INDEX "newsletters_release_date_idx" ON "newsletters" USING btree ("release_date");--> statement-breakpoint
-- Keys added with marketing's edit and delete routes: whoever could create diffusions gets them.
UPDATE "clients" SET "access" = "access" || '["marketing.edit","marketing.delete"]'::jsonb WHERE "access" ? 'marketing.create' AND NOT "access" ? 'marketing.edit';--> statement-breakpoint
UPDATE "plans" SET "access" = "access" || '["marketing.edit","marketing.delete"]'::jsonb WHERE "access" ? 'marketing.create' AND NOT "access" ? 'marketing.edit';--> statement-breakpoint
UPDATE "users" SET "access" = "access" || '["marketing.edit","marketing.delete"]'::jsonb WHERE "access" ? 'marketing.create' AND NOT "access" ? 'marketing.edit';
