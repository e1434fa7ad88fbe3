CREATE TABLE "metric_conversations" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"clock_start" timestamp with time zone,
	"responded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_days" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"device_id" text NOT NULL,
	"user_id" text NOT NULL,
	"conversations_opened" integer DEFAULT 0 NOT NULL,
	"conversations_closed" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"first_response_count" integer DEFAULT 0 NOT NULL,
	"first_response_seconds" double precision DEFAULT 0 NOT NULL,
	"resolution_count" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" double precision DEFAULT 0 NOT NULL,
	"tasks_done" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_days_client_id_day_device_id_user_id_pk" PRIMARY KEY("client_id","day","device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "metric_deal_days" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"currency" text NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"won_amount" numeric(20, 2) DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"lost_amount" numeric(20, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_deal_days_client_id_day_user_id_currency_pk" PRIMARY KEY("client_id","day","user_id","currency")
);
--> statement-breakpoint
CREATE TABLE "metric_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"weekday" smallint NOT NULL,
	"device_id" text DEFAULT '' NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"sign" smallint DEFAULT 1 NOT NULL,
	"seconds" double precision,
	"amount" numeric(16, 2),
	"currency" text,
	"ref_id" uuid
);
--> statement-breakpoint
CREATE TABLE "metric_hours" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"device_id" text NOT NULL,
	"user_id" text NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_hours_client_id_day_hour_device_id_user_id_pk" PRIMARY KEY("client_id","day","hour","device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "metric_rollup" (
	"id" smallint PRIMARY KEY NOT NULL,
	"watermark" "xid8" NOT NULL,
	"backfill_before" timestamp with time zone DEFAULT now() NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metric_conversations" ADD CONSTRAINT "metric_conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_days" ADD CONSTRAINT "metric_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_deal_days" ADD CONSTRAINT "metric_deal_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_events" ADD CONSTRAINT "metric_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_hours" ADD CONSTRAINT "metric_hours_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_events_xid_idx" ON "metric_events" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "metric_events_client_id_xid_idx" ON "metric_events" USING btree ("client_id","xid");--> statement-breakpoint
CREATE INDEX "metric_events_ref_id_idx" ON "metric_events" USING btree ("ref_id","kind") WHERE "metric_events"."ref_id" is not null;--> statement-breakpoint
-- Hand-written from here: drizzle-kit cannot express functions or seed rows.
-- A company's zone as PostgreSQL reads it, or the fallback for a zone stored before zones were validated:
-- a metric event must never fail the change it describes. Called once per statement, not per row.
CREATE FUNCTION "metric_zone"(zone text, fallback text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN others THEN
  RETURN fallback;
END $$;
--> statement-breakpoint
-- The rollup's one row: nothing rolled up yet; what happened before now is the backfill's.
INSERT INTO "metric_rollup" ("id", "watermark") VALUES (1, '0'::xid8);
