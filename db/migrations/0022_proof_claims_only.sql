DROP FUNCTION "prove_phone"(uuid, text, text, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, integer, jsonb, timestamptz);--> statement-breakpoint
-- A correct SMS code (as in 0020), attributing only the ratings the proof claims: of the ratings the earlier row
-- gave before anyone stood behind them, those given since `p_claim_since` whose ids are in `p_claimed` (the
-- claims the tab presented) move to the new row and are settled as before. A rating the same cookie gave
-- while the proof ran, which the proof neither screened nor checked against the author's record, stays with
-- the earlier row, anonymous, as older ones do. `p_claimed` comes last with a default so that the previous
-- release's pods, which call with the eleven arguments before it, keep proving phones during a rolling
-- update (docs/operations.md#kubernetes, rolling back); they attribute as before.
CREATE FUNCTION "prove_phone"(
  "p_session_id" uuid,
  "p_token_hash" text,
  "p_phone_number" text,
  "p_proven_at" timestamptz,
  "p_expires_at" timestamptz,
  "p_claim_since" timestamptz,
  "p_repeat_since" timestamptz,
  "p_day_since" timestamptz,
  "p_daily_ceiling" integer,
  "p_release_times" jsonb,
  "p_fallback_release_at" timestamptz,
  "p_claimed" uuid[] DEFAULT NULL
) RETURNS TABLE (
  "session_id" uuid,
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
  INSERT INTO "device_sessions" ("token_hash", "phone_number", "phone_proven_at", "expires_at")
  VALUES ("p_token_hash", "p_phone_number", "p_proven_at", "p_expires_at")
  RETURNING "id" INTO "session_id";
  INSERT INTO "claimed_profiles" ("phone_number", "is_verified", "verified_at")
  VALUES ("p_phone_number", true, "p_proven_at")
  ON CONFLICT ("phone_number") DO UPDATE SET "is_verified" = true, "verified_at" = excluded."verified_at";

  FOR "r" IN SELECT x."id", x."phone_number", x."held_reason" FROM "ratings" x
    WHERE x."device_session_id" = "p_session_id" AND x."created_by_phone" IS NULL
      AND x."created_at" >= "p_claim_since" AND ("p_claimed" IS NULL OR x."id" = ANY("p_claimed"))
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
    UPDATE "ratings" SET "created_by_phone" = "p_phone_number", "held_reason" = "v_held",
      "device_session_id" = "session_id"
    WHERE "id" = "r"."id";
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
