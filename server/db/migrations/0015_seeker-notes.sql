ALTER TABLE "search_changes" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- A change to the seeker's records a search reads (reported jobs, skills, saved jobs, the account
-- switched off or deleted) is noted like a written job: every process reads the notes before a
-- search and forgets the seeker's records it kept, on PostgreSQL as on PGlite, with no NOTIFY
-- (PGlite's process still hears of the note through search_changes_noted).
CREATE OR REPLACE FUNCTION "seeker_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before uuid;
  after uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    before := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
    INSERT INTO "search_changes" ("user_id") VALUES (before);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    after := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
    IF after IS DISTINCT FROM before THEN
      INSERT INTO "search_changes" ("user_id") VALUES (after);
    END IF;
  END IF;
  RETURN NULL;
END $$;
