CREATE TABLE "erased_account_records" (
	"author_key" text NOT NULL,
	"kind" text NOT NULL,
	"phone_number" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "erased_account_records_author_idx" ON "erased_account_records" USING btree ("author_key","kind","at");--> statement-breakpoint
CREATE INDEX "erased_account_records_at_idx" ON "erased_account_records" USING btree ("at");