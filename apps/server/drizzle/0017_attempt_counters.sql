CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_counted" boolean NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempt_counters_expires_at_idx" ON "attempt_counters" USING btree ("expires_at");--> statement-breakpoint
-- Hand-written: drizzle-kit cannot express it. The counters are worth less than a commit's flush: every
-- sign-in attempt writes them, and after a crash or a failover they start again from zero, as a restarted
-- process's in-memory counters once did.
ALTER TABLE "attempt_counters" SET UNLOGGED;
