-- pg_trgm is a trusted extension (Postgres 13+): the database owner may create it; PGlite loads it in database.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "error_logs_message_trgm_idx" ON "error_logs" USING gin ("error_message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "error_logs_component_trgm_idx" ON "error_logs" USING gin ("component_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "error_logs_phone_trgm_idx" ON "error_logs" USING gin ("phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "claimed_profiles_name_trgm_idx" ON "claimed_profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "claimed_profiles_phone_trgm_idx" ON "claimed_profiles" USING gin ("phone_number" gin_trgm_ops);