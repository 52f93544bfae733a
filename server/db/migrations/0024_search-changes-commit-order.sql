-- Each note records its writing transaction (the top-level one, also from a savepoint): the search
-- index reads the notes of the transactions that committed since its last look, by snapshot, so a
-- writer that took its sequence number early and committed late is never skipped
-- (docs/decisions/0007-search-changes-commit-order.md). xid8 never wraps around.
ALTER TABLE "search_changes" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
-- The notes a look reads are a range of transaction ids, paged in (xid, seq) order.
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid","seq");
