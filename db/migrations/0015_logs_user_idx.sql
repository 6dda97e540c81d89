CREATE INDEX "error_logs_user_idx" ON "error_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "logs_user_idx" ON "logs" USING btree ("user_id");