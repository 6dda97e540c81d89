-- Live since migration 0024_submit_repeat_of_tab.
-- rating.submit's writes in one round trip, one transaction (as in 0014). Before a proof (`p_claimed` given:
-- the ratings the tab holds claims of) the repeat check reads only the tab's own ratings, not those an earlier
-- visitor of the browser gave, whose refusal would tell the next person what that visitor rated (a proof
-- drops a repeat by phone anyway). `p_claimed` comes last with a default, so that the previous release's
-- pods, which call with the twenty arguments before it, keep submitting during a rolling update.
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
  "p_release_at" timestamptz,
  "p_claimed" uuid[] DEFAULT NULL
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
    AND ((r."device_session_id" = "p_device_session_id" AND ("p_claimed" IS NULL OR r."id" = ANY("p_claimed")))
      OR r."created_by_phone" = "p_rater_phone")
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
END $$;
