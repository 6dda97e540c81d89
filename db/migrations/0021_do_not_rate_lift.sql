CREATE TABLE "do_not_rate_lifts" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"not_before" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Live since migration 0021_do_not_rate_lift.
-- A rating comes to stand (docs/anonymity.md): its author's submission with a proven phone, its author's
-- proof, a moderator's approval, an appeal upheld. Every such path ends here, under the recipient's lock
-- (the lock 'Do not rate me' takes too): a number that asked not to be rated never gets the rating, which is
-- withheld (neither shown, counted nor texted; its author sees nothing different); any other gets it at
-- `p_release_at`, which is also when its text falls due in the outbox. A number whose owner turned 'Do not
-- rate me' off lately gets it no earlier than the lift's `not_before`: the release is put off by whole days
-- (the same time of day, so never into the owner's night), and a rating that arrives does not tell its owner
-- it was given after the switch went off. Returns 'released' or 'do_not_rate', or null when the rating is gone.
CREATE OR REPLACE FUNCTION "stand_rating"("p_rating_id" uuid, "p_release_at" timestamptz) RETURNS text
  LANGUAGE plpgsql AS $$
DECLARE
  "v_phone" text;
  "v_not_before" timestamptz;
  "v_release_at" timestamptz := "p_release_at";
BEGIN
  SELECT r."phone_number" INTO "v_phone" FROM "ratings" r WHERE r."id" = "p_rating_id";
  IF "v_phone" IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('rating:' || "v_phone", 0));
  IF EXISTS (SELECT 1 FROM "do_not_rate_numbers" d WHERE d."phone_number" = "v_phone") THEN
    UPDATE "ratings" SET "release_at" = NULL, "withheld_reason" = 'do_not_rate' WHERE "id" = "p_rating_id";
    UPDATE "notifications" SET "status" = 'suppressed', "status_reason" = 'do_not_rate'
      WHERE "rating_id" = "p_rating_id" AND "status" IN ('pending', 'held');
    RETURN 'do_not_rate';
  END IF;
  SELECT l."not_before" INTO "v_not_before" FROM "do_not_rate_lifts" l WHERE l."phone_number" = "v_phone";
  IF "v_not_before" IS NOT NULL AND "v_release_at" < "v_not_before" THEN
    "v_release_at" := "v_release_at"
      + ceil(extract(epoch FROM "v_not_before" - "v_release_at") / 86400) * interval '1 day';
  END IF;
  UPDATE "ratings" SET "release_at" = "v_release_at", "withheld_reason" = NULL WHERE "id" = "p_rating_id";
  UPDATE "notifications" SET "status" = 'pending', "status_reason" = NULL, "next_attempt_at" = "v_release_at"
    WHERE "rating_id" = "p_rating_id" AND "status" IN ('pending', 'held');
  RETURN 'released';
END $$;
