-- A decision's author is the proven phone only: the browser sessions recorded so far are forgotten and no code
-- writes or reads the column again. The column itself stays for the previous release's pods, which still
-- write it during a rolling update (docs/operations.md#kubernetes, rolling back).
UPDATE "moderation_decisions" SET "author_session_id" = NULL WHERE "author_session_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "moderation_decisions_author_session_idx";
