CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"device_id" uuid,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"document" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'CL' NOT NULL,
	"phone" text NOT NULL,
	"derivedto" text DEFAULT '' NOT NULL,
	"answerbot" boolean DEFAULT false NOT NULL,
	"owner" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"starred" boolean DEFAULT false NOT NULL,
	"numpending" integer DEFAULT 0 NOT NULL,
	"numtotal" integer DEFAULT 0 NOT NULL,
	"last_message" jsonb,
	"last_message_at" timestamp with time zone,
	"last_inbound_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"mode" text DEFAULT 'official' NOT NULL,
	"status" text DEFAULT 'disconnected' NOT NULL,
	"color" text DEFAULT '#1976d2' NOT NULL,
	"background_color" text DEFAULT '#e3f2fd' NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"setting" jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"device_id" uuid,
	"from_me" boolean NOT NULL,
	"message_id" text,
	"type" text DEFAULT 'chat' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"temp_id" text DEFAULT '' NOT NULL,
	"attachment_key" text,
	"filename" text DEFAULT '' NOT NULL,
	"mimetype" text DEFAULT '' NOT NULL,
	"template" jsonb,
	"starred" boolean DEFAULT false NOT NULL,
	"selected" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"dispatched_at" timestamp with time zone,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"contact_id" uuid,
	"module" text DEFAULT 'contact' NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"data" jsonb NOT NULL,
	"msg" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"target_user_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_client_id_phone_key" ON "contacts" USING btree ("client_id","phone");--> statement-breakpoint
CREATE INDEX "contacts_client_id_last_message_at_idx" ON "contacts" USING btree ("client_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_client_id_derivedto_last_message_at_idx" ON "contacts" USING btree ("client_id","derivedto","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_client_id_pending_idx" ON "contacts" USING btree ("client_id","last_message_at" DESC NULLS LAST) WHERE "contacts"."numpending" > 0;--> statement-breakpoint
CREATE INDEX "contacts_full_name_trgm_idx" ON "contacts" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_client_id_create_date_idx" ON "contacts" USING btree ("client_id","create_date");--> statement-breakpoint
CREATE INDEX "contacts_device_id_idx" ON "contacts" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_client_id_create_date_idx" ON "devices" USING btree ("client_id","create_date");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_update_date_idx" ON "jobs" USING btree ("update_date");--> statement-breakpoint
CREATE INDEX "messages_client_id_contact_id_create_date_idx" ON "messages" USING btree ("client_id","contact_id","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_device_id_message_id_key" ON "messages" USING btree ("device_id","message_id");--> statement-breakpoint
CREATE INDEX "notes_client_id_contact_id_create_date_idx" ON "notes" USING btree ("client_id","contact_id","create_date");--> statement-breakpoint
CREATE INDEX "realtime_events_client_id_seq_idx" ON "realtime_events" USING btree ("client_id","seq");--> statement-breakpoint
CREATE INDEX "realtime_events_create_date_idx" ON "realtime_events" USING btree ("create_date");