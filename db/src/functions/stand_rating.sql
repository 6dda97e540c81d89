-- Live since migration 0014_release_time.
-- A rating comes to stand (docs/anonymity.md): its author's submission with a proven phone, its author's
-- proof, a moderator's approval, an appeal upheld. Every such path ends here, under the recipient's lock
-- (the lock 'Do not rate me' takes too): a number that asked not to be rated never gets the rating, which is
-- withheld (neither shown, counted nor texted; its author sees nothing different); any other gets it at
-- `p_release_at`, which is also when its text falls due in the outbox. Returns 'released' or 'do_not_rate',
-- or null when the rating is gone.
CREATE FUNCTION "stand_rating"("p_rating_id" uuid, "p_release_at" timestamptz) RETURNS text
  LANGUAGE plpgsql AS $$
DECLARE
  "v_phone" text;
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
  UPDATE "ratings" SET "release_at" = "p_release_at", "withheld_reason" = NULL WHERE "id" = "p_rating_id";
  UPDATE "notifications" SET "status" = 'pending', "status_reason" = NULL, "next_attempt_at" = "p_release_at"
    WHERE "rating_id" = "p_rating_id" AND "status" IN ('pending', 'held');
  RETURN 'released';
END $$;
