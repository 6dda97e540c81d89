CREATE TABLE "error_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"phone_number" text,
	"error_message" text NOT NULL,
	"error_stack" text,
	"error_type" text DEFAULT 'runtime' NOT NULL,
	"severity" text DEFAULT 'medium' NOT NULL,
	"url" text,
	"component_name" text,
	"details" jsonb,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "error_logs_severity_check" CHECK ("error_logs"."severity" in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"phone_number" text,
	"action" text NOT NULL,
	"details" jsonb,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating_id" uuid NOT NULL,
	"reporter_phone" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "rating_reports_reason_check" CHECK ("rating_reports"."reason" in ('full_name', 'contact_info', 'sexual_content', 'hate_speech', 'threats', 'false_or_harassing')),
	CONSTRAINT "rating_reports_status_check" CHECK ("rating_reports"."status" in ('open', 'hidden', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"message" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_rating_id_unique" UNIQUE("rating_id"),
	CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('pending', 'sent', 'failed', 'suppressed'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claimed_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"name" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claimed_profiles_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "rating_scores" (
	"rating_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "rating_scores_rating_id_question_id_pk" PRIMARY KEY("rating_id","question_id"),
	CONSTRAINT "rating_scores_score_check" CHECK ("rating_scores"."score" between 1 and 10),
	CONSTRAINT "rating_scores_question_check" CHECK ("rating_scores"."question_id" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"relationship_type" text NOT NULL,
	"phone_number" text NOT NULL,
	"testimonial" text,
	"gratitude" text,
	"self_reflection" text,
	"feedback" text,
	"created_by" uuid,
	"created_by_phone" text,
	"device_session_id" uuid,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_relationship_type_check" CHECK ("ratings"."relationship_type" in ('serious', 'casual', 'situationship', 'fling', 'long-term'))
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "device_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"phone_number" text,
	"phone_proven_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"log_level" text DEFAULT 'info' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_settings_single_row" CHECK ("app_settings"."id" = 1),
	CONSTRAINT "app_settings_log_level_check" CHECK ("app_settings"."log_level" in ('debug', 'info', 'warn', 'error'))
);
--> statement-breakpoint
ALTER TABLE "rating_reports" ADD CONSTRAINT "rating_reports_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_scores" ADD CONSTRAINT "rating_scores_rating_id_ratings_id_fk" FOREIGN KEY ("rating_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_device_session_id_device_sessions_id_fk" FOREIGN KEY ("device_session_id") REFERENCES "public"."device_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_logs_phone_created_idx" ON "error_logs" USING btree ("phone_number","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_created_at_idx" ON "error_logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_severity_created_idx" ON "error_logs" USING btree ("severity","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_phone_created_idx" ON "logs" USING btree ("phone_number","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_created_at_idx" ON "logs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "logs_action_created_idx" ON "logs" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "rating_reports_one_open_idx" ON "rating_reports" USING btree ("rating_id") WHERE "rating_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "rating_reports_status_created_idx" ON "rating_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notifications_pending_due_idx" ON "notifications" USING btree ("next_attempt_at") WHERE "notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ratings_phone_created_idx" ON "ratings" USING btree ("phone_number","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ratings_created_by_phone_created_idx" ON "ratings" USING btree ("created_by_phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ratings_device_session_idx" ON "ratings" USING btree ("device_session_id");--> statement-breakpoint
CREATE INDEX "ratings_created_at_idx" ON "ratings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_at_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_sessions_expires_at_idx" ON "device_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_sessions_phone_idx" ON "device_sessions" USING btree ("phone_number");