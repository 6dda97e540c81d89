CREATE TABLE "do_not_rate_numbers" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"rating_id" uuid,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"trigger" text NOT NULL,
	"admin_session_id" uuid,
	"queued_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_kind_check" CHECK ("moderation_decisions"."kind" in ('held_rating', 'notice', 'appeal')),
	CONSTRAINT "moderation_decisions_outcome_check" CHECK ("moderation_decisions"."outcome" in ('keep', 'hide', 'delete')),
	CONSTRAINT "moderation_decisions_reason_check" CHECK ("moderation_decisions"."reason" in ('within_terms', 'insufficient_information', 'threats', 'harassment', 'hate_speech', 'sexual_content', 'private_information', 'full_name_or_contact_details', 'not_about_this_person', 'false_statement', 'spam_or_manipulation'))
);
--> statement-breakpoint
CREATE TABLE "rating_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating_id" uuid,
	"author_phone" text,
	"author_session_id" uuid,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "rating_appeals_status_check" CHECK ("rating_appeals"."status" in ('open', 'decided'))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"rating_id" uuid,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"contact" text,
	"reporter_phone" text,
	"reporter_session_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "notices_reference_unique" UNIQUE("reference"),
	CONSTRAINT "notices_reason_check" CHECK ("notices"."reason" in ('not_about_me', 'harassment', 'false_claims', 'private_information', 'other')),
	CONSTRAINT "notices_source_check" CHECK ("notices"."source" in ('notification_link', 'received_review', 'public_form')),
	CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('open', 'decided'))
);
--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_appeals" ADD CONSTRAINT "rating_appeals_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_appeals" ADD CONSTRAINT "rating_appeals_author_session_id_device_sessions_id_fk" FOREIGN KEY ("author_session_id") REFERENCES "public"."device_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_appeals" ADD CONSTRAINT "rating_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_reporter_session_id_device_sessions_id_fk" FOREIGN KEY ("reporter_session_id") REFERENCES "public"."device_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_at_idx" ON "moderation_decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_rating_idx" ON "moderation_decisions" USING btree ("rating_id","decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rating_appeals_rating_idx" ON "rating_appeals" USING btree ("rating_id");--> statement-breakpoint
CREATE INDEX "rating_appeals_open_created_idx" ON "rating_appeals" USING btree ("created_at") WHERE "rating_appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rating_appeals_author_phone_idx" ON "rating_appeals" USING btree ("author_phone");--> statement-breakpoint
CREATE INDEX "notices_open_created_idx" ON "notices" USING btree ("created_at") WHERE "notices"."status" = 'open';--> statement-breakpoint
CREATE INDEX "notices_rating_idx" ON "notices" USING btree ("rating_id");--> statement-breakpoint
CREATE INDEX "notices_reporter_phone_idx" ON "notices" USING btree ("reporter_phone");--> statement-breakpoint
CREATE INDEX "notices_created_at_idx" ON "notices" USING btree ("created_at");