ALTER TABLE "ratings" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "withheld_reason" text;--> statement-breakpoint
-- Ratings that stood before release times existed reached their subject when they were made.
UPDATE "ratings" SET "release_at" = "created_at"
  WHERE "created_by_phone" IS NOT NULL AND "held_reason" IS NULL;--> statement-breakpoint
DROP FUNCTION "submit_rating"(uuid, text, text, text, text, text, text, text, text, uuid, timestamptz, jsonb,
  timestamptz, uuid, text, text, text, timestamptz, integer);--> statement-breakpoint
DROP FUNCTION "prove_phone"(uuid, text, text, timestamptz, timestamptz, timestamptz, integer);--> statement-breakpoint
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
END $$;--> statement-breakpoint
-- rating.submit's writes in one round trip, one transaction (as in 0011). A number that asked not to be
-- rated is answered exactly as any other (the same rows are written, the same columns returned): the
-- rating stands through `stand_rating`, which withholds it from its subject. `withheld` says so, for the
-- server's own log; nothing a rater reads carries it.
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
  "p_daily_ceiling" integer,
  "p_release_at" timestamptz
) RETURNS TABLE (
  "previous_rating_at" timestamptz,
  "notification_status" text,
  "notification_reason" text,
  "rater_ratings_given" integer,
  "held_reason" text,
  "withheld" text
) LANGUAGE plpgsql AS $$
DECLARE
  "v_previous" timestamptz;
  "v_reason" text := "p_suppressed_reason";
  "v_held" text := "p_held_reason";
  "v_status" text;
  "v_stood" text;
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
    RETURN QUERY SELECT "v_previous", NULL::text, NULL::text, NULL::integer, NULL::text, NULL::text;
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

  -- A pending text falls due at the rating's release time (stand_rating sets it).
  INSERT INTO "notifications" ("id", "rating_id", "message", "status", "status_reason", "attempts",
    "next_attempt_at", "created_at")
  VALUES ("p_notification_id", "p_rating_id", "p_message", "v_status", "v_reason", 0, "p_release_at",
    "p_created_at");
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'XR001', MESSAGE = 'the notification insert returned no row',
      DETAIL = 'notification';
  END IF;

  IF "p_rater_phone" IS NOT NULL AND "v_held" IS NULL THEN
    "v_stood" := "stand_rating"("p_rating_id", "p_release_at");
  END IF;

  RETURN QUERY SELECT NULL::timestamptz, "v_status", "v_reason",
    "ratings_given"("p_device_session_id", "p_rater_phone"), "v_held",
    CASE WHEN "v_stood" = 'do_not_rate' THEN 'do_not_rate' END;
END $$;--> statement-breakpoint
-- A correct SMS code (as in 0005): the session takes its new token and the proven phone, the phone's profile
-- is verified, and the ratings this device gave before anyone stood behind them are settled. A rating that
-- stands now goes through `stand_rating` with its release time from `p_release_times` (rating id -> time,
-- drawn by the server for each recipient), or `p_fallback_release_at` for a rating the server did not list.
-- `withheld` counts the ratings whose number asked not to be rated.
CREATE FUNCTION "prove_phone"(
  "p_session_id" uuid,
  "p_token_hash" text,
  "p_phone_number" text,
  "p_proven_at" timestamptz,
  "p_repeat_since" timestamptz,
  "p_day_since" timestamptz,
  "p_daily_ceiling" integer,
  "p_release_times" jsonb,
  "p_fallback_release_at" timestamptz
) RETURNS TABLE (
  "attributed" integer,
  "dropped_own_number" integer,
  "dropped_repeat" integer,
  "held_for_moderation" integer,
  "withheld" integer
) LANGUAGE plpgsql AS $$
DECLARE
  "r" record;
  "v_held" text;
BEGIN
  "attributed" := 0;
  "dropped_own_number" := 0;
  "dropped_repeat" := 0;
  "held_for_moderation" := 0;
  "withheld" := 0;
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
      IF "stand_rating"("r"."id", coalesce(("p_release_times"->>("r"."id"::text))::timestamptz,
          "p_fallback_release_at")) = 'do_not_rate' THEN
        "withheld" := "withheld" + 1;
      END IF;
    ELSE
      UPDATE "notifications" SET "status_reason" = "v_held" WHERE "rating_id" = "r"."id" AND "status" = 'held';
      "held_for_moderation" := "held_for_moderation" + 1;
    END IF;
  END LOOP;
  RETURN NEXT;
END $$;
