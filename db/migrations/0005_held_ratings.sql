ALTER TABLE "notifications" DROP CONSTRAINT "notifications_status_check";--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE INDEX "ratings_held_created_idx" ON "ratings" USING btree ("created_at") WHERE "ratings"."held_reason" is not null;--> statement-breakpoint
CREATE INDEX "ratings_unclaimed_created_idx" ON "ratings" USING btree ("created_at") WHERE "ratings"."created_by_phone" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('pending', 'held', 'sent', 'failed', 'suppressed'));--> statement-breakpoint
-- docs/architecture.md#ratings: a rating counts once a person stands behind it. Ratings from a device without
-- a proven phone (created_by_phone null) and ratings held for moderation (held_reason) are saved with a
-- `held` text; proving the phone or a moderator's approval releases them.
DROP FUNCTION "submit_rating"(uuid, text, text, text, text, text, text, text, text, uuid, timestamptz, jsonb,
  timestamptz, uuid, text, text, integer, timestamptz);--> statement-breakpoint
-- How many ratings of a number stand (author proven, not held) since a moment: the daily ceiling's count.
CREATE FUNCTION "standing_ratings_since"("p_phone_number" text, "p_since" timestamptz) RETURNS integer
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*)::integer FROM "ratings" r
    WHERE r."phone_number" = "p_phone_number" AND r."created_at" > "p_since"
      AND r."created_by_phone" IS NOT NULL AND r."held_reason" IS NULL);
END $$;--> statement-breakpoint
-- rating.submit's writes in one round trip, one transaction (as in 0004). Each statement of a plpgsql
-- function takes a fresh snapshot, so the checks after the lock see a parallel submission of the same
-- recipient that committed while this one waited.
--
-- Returns the rater's previous rating of the number inside the repeat window (then nothing was written), or
-- the notification's status and reason, the rater's ratings given (this one included) and why the rating is
-- held for moderation. A failed step raises as in 0004 (SQLSTATE XR001 with the step in DETAIL).
CREATE FUNCTION "submit_rating"(
  "p_rating_id" uuid,
  "p_name" text,
  "p_relationship_type" text,
  "p_phone_number" text,
  "p_testimonial" text,
  "p_gratitude" text,
  "p_self_reflection" text,
  "p_feedback" text,
  "p_rater_phone" text,
  "p_device_session_id" uuid,
  "p_created_at" timestamptz,
  "p_scores" jsonb,
  "p_repeat_since" timestamptz,
  "p_notification_id" uuid,
  "p_message" text,
  "p_suppressed_reason" text,
  "p_held_reason" text,
  "p_day_since" timestamptz,
  "p_daily_ceiling" integer
) RETURNS TABLE (
  "previous_rating_at" timestamptz,
  "notification_status" text,
  "notification_reason" text,
  "rater_ratings_given" integer,
  "held_reason" text
) LANGUAGE plpgsql AS $$
DECLARE
  "v_previous" timestamptz;
  "v_reason" text := "p_suppressed_reason";
  "v_held" text := "p_held_reason";
  "v_status" text;
BEGIN
  -- Serializes submissions for one recipient until commit: two parallel submissions cannot both pass the
  -- repeat check, nor both slip under the daily ceiling.
  PERFORM pg_advisory_xact_lock(hashtextextended('rating:' || "p_phone_number", 0));
  -- Hidden and held ratings count too: moderation does not reset the abuse limit.
  SELECT r."created_at" INTO "v_previous" FROM "ratings" r
  WHERE r."phone_number" = "p_phone_number" AND r."created_at" > "p_repeat_since"
    AND (r."device_session_id" = "p_device_session_id" OR r."created_by_phone" = "p_rater_phone")
  ORDER BY r."created_at" DESC LIMIT 1;
  IF "v_previous" IS NOT NULL THEN
    RETURN QUERY SELECT "v_previous", NULL::text, NULL::text, NULL::integer, NULL::text;
    RETURN;
  END IF;
  IF "v_reason" IS NULL AND EXISTS (SELECT 1 FROM "sms_opt_outs" o WHERE o."phone_number" = "p_phone_number") THEN
    "v_reason" := 'opted_out';
  END IF;
  -- An unproven author's rating meets the ceiling when its author proves a phone (prove_phone).
  IF "v_held" IS NULL AND "p_rater_phone" IS NOT NULL
    AND "standing_ratings_since"("p_phone_number", "p_day_since") >= "p_daily_ceiling" THEN
    "v_held" := 'daily_ceiling';
  END IF;
  "v_status" := CASE
    WHEN "v_reason" IS NOT NULL THEN 'suppressed'
    WHEN "v_held" IS NOT NULL OR "p_rater_phone" IS NULL THEN 'held'
    ELSE 'pending' END;
  IF "v_status" = 'held' THEN
    "v_reason" := coalesce("v_held", 'author_not_proven');
  END IF;

  INSERT INTO "ratings" ("id", "name", "relationship_type", "phone_number", "testimonial", "gratitude",
    "self_reflection", "feedback", "created_by", "created_by_phone", "device_session_id", "held_reason",
    "created_at")
  VALUES ("p_rating_id", "p_name", "p_relationship_type", "p_phone_number", "p_testimonial", "p_gratitude",
    "p_self_reflection", "p_feedback", NULL, "p_rater_phone", "p_device_session_id", "v_held", "p_created_at");
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'XR001', MESSAGE = 'the rating insert returned no row', DETAIL = 'rating';
  END IF;

  INSERT INTO "rating_scores" ("rating_id", "question_id", "score")
  SELECT "p_rating_id", (e->>'questionId')::integer, (e->>'score')::integer
  FROM jsonb_array_elements("p_scores") AS e;

  -- A pending text is due at once: the dispatcher sends it after the response (docs/architecture.md#ratings).
  INSERT INTO "notifications" ("id", "rating_id", "message", "status", "status_reason", "attempts",
    "next_attempt_at", "created_at")
  VALUES ("p_notification_id", "p_rating_id", "p_message", "v_status", "v_reason", 0, "p_created_at",
    "p_created_at");
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'XR001', MESSAGE = 'the notification insert returned no row',
      DETAIL = 'notification';
  END IF;

  RETURN QUERY SELECT NULL::timestamptz, "v_status", "v_reason",
    "ratings_given"("p_device_session_id", "p_rater_phone"), "v_held";
END $$;--> statement-breakpoint
-- A correct SMS code (docs/security.md), in one statement: the session takes its new token and the
-- proven phone, the phone's profile is verified, and the ratings this device gave before anyone stood behind
-- them are settled: a rating of the prover's own number is dropped, one of a number the phone already rated
-- inside the repeat window is dropped, every other one is attributed to the phone and released (its text
-- becomes due), or held for moderation when the number is over its daily ceiling. Recipients are locked in
-- phone order, so two proofs never wait on each other in a cycle.
CREATE FUNCTION "prove_phone"(
  "p_session_id" uuid,
  "p_token_hash" text,
  "p_phone_number" text,
  "p_proven_at" timestamptz,
  "p_repeat_since" timestamptz,
  "p_day_since" timestamptz,
  "p_daily_ceiling" integer
) RETURNS TABLE (
  "attributed" integer,
  "dropped_own_number" integer,
  "dropped_repeat" integer,
  "held_for_moderation" integer
) LANGUAGE plpgsql AS $$
DECLARE
  "r" record;
  "v_held" text;
BEGIN
  "attributed" := 0;
  "dropped_own_number" := 0;
  "dropped_repeat" := 0;
  "held_for_moderation" := 0;
  UPDATE "device_sessions" SET "token_hash" = "p_token_hash", "phone_number" = "p_phone_number",
    "phone_proven_at" = "p_proven_at"
  WHERE "id" = "p_session_id";
  INSERT INTO "claimed_profiles" ("phone_number", "is_verified", "verified_at")
  VALUES ("p_phone_number", true, "p_proven_at")
  ON CONFLICT ("phone_number") DO UPDATE SET "is_verified" = true, "verified_at" = excluded."verified_at";

  FOR "r" IN SELECT x."id", x."phone_number", x."held_reason" FROM "ratings" x
    WHERE x."device_session_id" = "p_session_id" AND x."created_by_phone" IS NULL
    ORDER BY x."phone_number", x."created_at"
  LOOP
    IF "r"."phone_number" = "p_phone_number" THEN
      DELETE FROM "ratings" WHERE "id" = "r"."id";
      "dropped_own_number" := "dropped_own_number" + 1;
      CONTINUE;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended('rating:' || "r"."phone_number", 0));
    IF EXISTS (SELECT 1 FROM "ratings" y WHERE y."phone_number" = "r"."phone_number"
        AND y."created_by_phone" = "p_phone_number" AND y."created_at" > "p_repeat_since") THEN
      DELETE FROM "ratings" WHERE "id" = "r"."id";
      "dropped_repeat" := "dropped_repeat" + 1;
      CONTINUE;
    END IF;
    "v_held" := "r"."held_reason";
    IF "v_held" IS NULL AND "standing_ratings_since"("r"."phone_number", "p_day_since") >= "p_daily_ceiling" THEN
      "v_held" := 'daily_ceiling';
    END IF;
    UPDATE "ratings" SET "created_by_phone" = "p_phone_number", "held_reason" = "v_held" WHERE "id" = "r"."id";
    "attributed" := "attributed" + 1;
    IF "v_held" IS NULL THEN
      UPDATE "notifications" SET "status" = 'pending', "status_reason" = NULL, "next_attempt_at" = "p_proven_at"
      WHERE "rating_id" = "r"."id" AND "status" = 'held';
    ELSE
      UPDATE "notifications" SET "status_reason" = "v_held" WHERE "rating_id" = "r"."id" AND "status" = 'held';
      "held_for_moderation" := "held_for_moderation" + 1;
    END IF;
  END LOOP;
  RETURN NEXT;
END $$;