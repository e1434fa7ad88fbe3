CREATE TABLE "contact_owners" (
	"contact_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"is_conversation" boolean NOT NULL,
	"last_inbound_at" timestamp with time zone,
	CONSTRAINT "contact_owners_contact_id_user_id_pk" PRIMARY KEY("contact_id","user_id")
);
--> statement-breakpoint
DROP INDEX "contacts_owner_gin_idx";--> statement-breakpoint
ALTER TABLE "contact_owners" ADD CONSTRAINT "contact_owners_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_owners_client_id_user_id_idx" ON "contact_owners" USING btree ("client_id","user_id","last_inbound_at") WHERE "contact_owners"."is_conversation";--> statement-breakpoint
-- Hand-written from here: drizzle-kit cannot express triggers or storage parameters.
-- Its rows change with every inbound message of an owned conversation: vacuum early, like contacts, so the
-- visibility map stays fresh and the counts stay index-only.
ALTER TABLE "contact_owners" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
-- Makes contact_owners say what the contact's row says: one row per distinct user of `owner`, with the
-- contact's conversation state and last inbound time.
CREATE FUNCTION "contact_owners_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.owner = NEW.owner THEN
    UPDATE contact_owners
      SET is_conversation = NEW.last_message_at IS NOT NULL, last_inbound_at = NEW.last_inbound_at
      WHERE contact_id = NEW.id;
    RETURN NULL;
  END IF;
  DELETE FROM contact_owners
    WHERE contact_id = NEW.id AND NOT (NEW.owner @> jsonb_build_array(user_id));
  INSERT INTO contact_owners (contact_id, user_id, client_id, is_conversation, last_inbound_at)
    SELECT DISTINCT NEW.id, owner_id, NEW.client_id, NEW.last_message_at IS NOT NULL, NEW.last_inbound_at
      FROM jsonb_array_elements_text(NEW.owner) AS owner_id
    ON CONFLICT (contact_id, user_id) DO UPDATE
      SET is_conversation = excluded.is_conversation, last_inbound_at = excluded.last_inbound_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_owners_on_insert" AFTER INSERT ON "contacts" FOR EACH ROW
  WHEN (NEW.owner <> '[]'::jsonb) EXECUTE FUNCTION "contact_owners_sync"();
--> statement-breakpoint
-- An unowned contact's messages never reach the function; an owned one's only when what is copied changed.
CREATE TRIGGER "contact_owners_on_update" AFTER UPDATE OF "owner", "last_message_at", "last_inbound_at" ON "contacts"
  FOR EACH ROW WHEN (
    OLD.owner IS DISTINCT FROM NEW.owner
    OR (NEW.owner <> '[]'::jsonb AND (
      (OLD.last_message_at IS NULL) <> (NEW.last_message_at IS NULL)
      OR OLD.last_inbound_at IS DISTINCT FROM NEW.last_inbound_at))
  ) EXECUTE FUNCTION "contact_owners_sync"();
--> statement-breakpoint
INSERT INTO "contact_owners" ("contact_id", "user_id", "client_id", "is_conversation", "last_inbound_at")
  SELECT DISTINCT c.id, owner_id, c.client_id, c.last_message_at IS NOT NULL, c.last_inbound_at
    FROM "contacts" c, jsonb_array_elements_text(c.owner) AS owner_id;
