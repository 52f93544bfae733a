-- A process that turns the setting on (PGlite's only process) hears of every committed note, and
-- skips reading the notes while there is none. PostgreSQL leaves it off: a NOTIFY would serialise commits.
CREATE FUNCTION "search_changes_noted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('search_index.notify', true) = 'on' THEN
    PERFORM pg_notify('search_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_changes_noted" AFTER INSERT ON "search_changes" FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_noted"();
