ALTER TABLE "moderation_decisions" ADD COLUMN "author_phone" text;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD COLUMN "author_session_id" uuid;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "repeat_offender_threshold" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_author_session_id_device_sessions_id_fk" FOREIGN KEY ("author_session_id") REFERENCES "public"."device_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_author_phone_idx" ON "moderation_decisions" USING btree ("author_phone") WHERE "moderation_decisions"."author_phone" is not null;--> statement-breakpoint
CREATE INDEX "moderation_decisions_author_session_idx" ON "moderation_decisions" USING btree ("author_session_id") WHERE "moderation_decisions"."author_session_id" is not null;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_repeat_offender_threshold_check" CHECK ("app_settings"."repeat_offender_threshold" >= 1);