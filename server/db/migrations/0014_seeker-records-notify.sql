-- The seeker's records a search reads (reported jobs, skills, saved jobs, whether the account is
-- off): a process that turns the setting on (PGlite's only process) keeps them and hears here of
-- every committed change, the payload the user's id. PostgreSQL leaves it off and reads them each time.
CREATE FUNCTION "seeker_records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('search_index.notify', true) = 'on' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('seeker_records', to_jsonb(OLD) ->> TG_ARGV[0]);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('seeker_records', to_jsonb(NEW) ->> TG_ARGV[0]);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "seeker_records_changed" AFTER INSERT OR UPDATE OR DELETE ON "job_reports" FOR EACH ROW EXECUTE FUNCTION "seeker_records_changed"('reporter_id');
--> statement-breakpoint
CREATE TRIGGER "seeker_records_changed" AFTER INSERT OR UPDATE OR DELETE ON "jobseeker_skills" FOR EACH ROW EXECUTE FUNCTION "seeker_records_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "seeker_records_changed" AFTER INSERT OR UPDATE OR DELETE ON "saved_jobs" FOR EACH ROW EXECUTE FUNCTION "seeker_records_changed"('user_id');
--> statement-breakpoint
-- An account deleted or switched off: its next search is refused.
CREATE TRIGGER "seeker_records_changed" AFTER UPDATE OF "disabled", "deactivated_at" OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "seeker_records_changed"('id');
