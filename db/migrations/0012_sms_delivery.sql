CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"notification_id" uuid,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"country" text,
	"status" text DEFAULT 'sending' NOT NULL,
	"error_code" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('sending', 'refused', 'sent', 'delivered', 'undelivered', 'unknown')),
	CONSTRAINT "sms_messages_kind_check" CHECK ("sms_messages"."kind" in ('code', 'rating', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "sms_webhook_events" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_status_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_provider_message_idx" ON "sms_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_messages_notification_idx" ON "sms_messages" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sms_messages_created_idx" ON "sms_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_sent_idx" ON "notifications" USING btree ("sent_at") WHERE "notifications"."status" = 'sent';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('pending', 'held', 'sent', 'delivered', 'undelivered', 'unknown', 'failed', 'suppressed'));