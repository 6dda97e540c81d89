CREATE TABLE "profile_counts" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"total" bigint NOT NULL,
	"verified" bigint NOT NULL,
	CONSTRAINT "profile_counts_one_row" CHECK ("profile_counts"."id" = 1)
);
--> statement-breakpoint
-- Statement triggers with transition tables: one update of the counts per statement, however many rows it
-- touched. INSERT ... ON CONFLICT DO UPDATE fires the insert trigger for the rows it inserted and the update
-- trigger for the rows it updated.
CREATE FUNCTION "profile_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_counts" SET
    "total" = "total" + (SELECT count(*) FROM "inserted_rows"),
    "verified" = "verified" + (SELECT count(*) FROM "inserted_rows" WHERE "is_verified");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "profile_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_counts" SET "verified" = "verified"
    + (SELECT count(*) FROM "new_rows" WHERE "is_verified")
    - (SELECT count(*) FROM "old_rows" WHERE "is_verified");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "profile_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_counts" SET
    "total" = "total" - (SELECT count(*) FROM "deleted_rows"),
    "verified" = "verified" - (SELECT count(*) FROM "deleted_rows" WHERE "is_verified");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "profile_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_counts" SET "total" = 0, "verified" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "claimed_profiles_count_insert" AFTER INSERT ON "claimed_profiles"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_after_insert"();--> statement-breakpoint
CREATE TRIGGER "claimed_profiles_count_update" AFTER UPDATE ON "claimed_profiles"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_after_update"();--> statement-breakpoint
CREATE TRIGGER "claimed_profiles_count_delete" AFTER DELETE ON "claimed_profiles"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_after_delete"();--> statement-breakpoint
CREATE TRIGGER "claimed_profiles_count_truncate" AFTER TRUNCATE ON "claimed_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "profile_counts_after_truncate"();--> statement-breakpoint
-- The triggers exist before the first count: the table is locked against writes until this migration commits.
INSERT INTO "profile_counts" ("id", "total", "verified")
  SELECT 1, count(*), count(*) FILTER (WHERE "is_verified") FROM "claimed_profiles";
