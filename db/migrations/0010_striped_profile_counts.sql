ALTER TABLE "profile_counts" DROP CONSTRAINT "profile_counts_one_row";--> statement-breakpoint
ALTER TABLE "profile_counts" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profile_counts" ADD CONSTRAINT "profile_counts_slot" CHECK ("profile_counts"."id" between 1 and 16);--> statement-breakpoint
-- One row was a queue: every code send creates a profile and every proof verifies one, and each such
-- transaction held the row's lock until its commit was flushed, so concurrent ones waited on each other. Now a
-- write adds its change to the row of its own connection (1 + backend pid mod 16), the readers add the rows up,
-- and a statement that changes no count (a send to a number that has a profile) writes no row at all.
INSERT INTO "profile_counts" ("id", "total", "verified") SELECT "slot", 0, 0 FROM generate_series(2, 16) AS "slot";--> statement-breakpoint
CREATE FUNCTION "profile_counts_add"("p_total" bigint, "p_verified" bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "p_total" <> 0 OR "p_verified" <> 0 THEN
    UPDATE "profile_counts" SET "total" = "total" + "p_total", "verified" = "verified" + "p_verified"
      WHERE "id" = 1 + pg_backend_pid() % 16;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profile_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_counts_add"(count(*), count(*) FILTER (WHERE "is_verified")) FROM "inserted_rows";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profile_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_counts_add"(0,
    (SELECT count(*) FROM "new_rows" WHERE "is_verified") - (SELECT count(*) FROM "old_rows" WHERE "is_verified"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profile_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_counts_add"(-count(*), -count(*) FILTER (WHERE "is_verified")) FROM "deleted_rows";
  RETURN NULL;
END $$;
