-- docs/security.md#sessions: ratings given = ratings created by the proven phone, plus the device's ratings
-- that no phone has claimed yet. One definition, used by the unlock check and by submit_rating below; plpgsql
-- so that its plan is kept for the connection instead of planned on every call.
CREATE FUNCTION "ratings_given"("p_device_session_id" uuid, "p_proven_phone" text) RETURNS integer
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*)::integer FROM "ratings"
    WHERE "created_by_phone" = "p_proven_phone"
       OR ("device_session_id" = "p_device_session_id" AND "created_by_phone" IS NULL));
END $$;--> statement-breakpoint
-- rating.submit's writes in one round trip (docs/architecture.md#ratings). Called as one statement, it is one
-- transaction: the rating, its scores and its notification all exist or none does. Each statement of a
-- plpgsql function takes a fresh snapshot, so the repeat check after the lock sees a parallel submission of
-- the same recipient that committed while this one waited.
--
-- Returns the rater's previous rating of the number inside the window (then nothing was written), or the
-- notification's status and reason and the rater's ratings given, this one included. A failed step raises:
-- the statement in the error's context names the table, and a row a trigger skipped raises SQLSTATE XR001
-- with the step in DETAIL.
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
  "p_lease_attempts" integer,
  "p_lease_until" timestamptz
) RETURNS TABLE (
  "previous_rating_at" timestamptz,
  "notification_status" text,
  "notification_reason" text,
  "rater_ratings_given" integer
) LANGUAGE plpgsql AS $$
DECLARE
  "v_previous" timestamptz;
  "v_reason" text := "p_suppressed_reason";
  "v_status" text;
BEGIN
  -- Serializes submissions for one recipient until commit, so two parallel submissions of the same rater
  -- cannot both pass the repeat check.
  PERFORM pg_advisory_xact_lock(hashtextextended('rating:' || "p_phone_number", 0));
  -- Hidden ratings count too: moderation does not reset the abuse limit.
  SELECT r."created_at" INTO "v_previous" FROM "ratings" r
  WHERE r."phone_number" = "p_phone_number" AND r."created_at" > "p_repeat_since"
    AND (r."device_session_id" = "p_device_session_id" OR r."created_by_phone" = "p_rater_phone")
  ORDER BY r."created_at" DESC LIMIT 1;
  IF "v_previous" IS NOT NULL THEN
    RETURN QUERY SELECT "v_previous", NULL::text, NULL::text, NULL::integer;
    RETURN;
  END IF;
  IF "v_reason" IS NULL AND EXISTS (SELECT 1 FROM "sms_opt_outs" o WHERE o."phone_number" = "p_phone_number") THEN
    "v_reason" := 'opted_out';
  END IF;
  "v_status" := CASE WHEN "v_reason" IS NULL THEN 'pending' ELSE 'suppressed' END;

  INSERT INTO "ratings" ("id", "name", "relationship_type", "phone_number", "testimonial", "gratitude",
    "self_reflection", "feedback", "created_by", "created_by_phone", "device_session_id", "created_at")
  VALUES ("p_rating_id", "p_name", "p_relationship_type", "p_phone_number", "p_testimonial", "p_gratitude",
    "p_self_reflection", "p_feedback", NULL, "p_rater_phone", "p_device_session_id", "p_created_at");
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'XR001', MESSAGE = 'the rating insert returned no row', DETAIL = 'rating';
  END IF;

  INSERT INTO "rating_scores" ("rating_id", "question_id", "score")
  SELECT "p_rating_id", (e->>'questionId')::integer, (e->>'score')::integer
  FROM jsonb_array_elements("p_scores") AS e;

  -- A text to send goes out right after commit, so its row is created leased to the submitting request (the
  -- dispatcher leaves it alone meanwhile, and retries it once the lease ends if that request never sends).
  INSERT INTO "notifications" ("id", "rating_id", "message", "status", "status_reason", "attempts",
    "next_attempt_at", "created_at")
  VALUES ("p_notification_id", "p_rating_id", "p_message", "v_status", "v_reason",
    CASE WHEN "v_status" = 'pending' THEN "p_lease_attempts" ELSE 0 END,
    CASE WHEN "v_status" = 'pending' THEN "p_lease_until" ELSE "p_created_at" END,
    "p_created_at");
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'XR001', MESSAGE = 'the notification insert returned no row',
      DETAIL = 'notification';
  END IF;

  RETURN QUERY SELECT NULL::timestamptz, "v_status", "v_reason",
    "ratings_given"("p_device_session_id", "p_rater_phone");
END $$;
