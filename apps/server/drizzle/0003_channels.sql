CREATE TABLE "send_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"last_granted" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"provider_id" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"example" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dispatch_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_device_id_name_language_key" ON "templates" USING btree ("device_id","name","language");--> statement-breakpoint
CREATE INDEX "templates_client_id_name_idx" ON "templates" USING btree ("client_id","name");