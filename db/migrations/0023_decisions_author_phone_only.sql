ALTER TABLE "moderation_decisions" DROP CONSTRAINT "moderation_decisions_author_session_id_device_sessions_id_fk";
--> statement-breakpoint
DROP INDEX "moderation_decisions_author_session_idx";--> statement-breakpoint
ALTER TABLE "moderation_decisions" DROP COLUMN "author_session_id";