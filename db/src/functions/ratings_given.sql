-- Live since migration 0004_submit_rating.
-- docs/security.md#sessions: ratings given = ratings created by the proven phone, plus the device's ratings
-- that no phone has claimed yet. One definition, used by the unlock check and by submit_rating below; plpgsql
-- so that its plan is kept for the connection instead of planned on every call.
CREATE FUNCTION "ratings_given"("p_device_session_id" uuid, "p_proven_phone" text) RETURNS integer
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*)::integer FROM "ratings"
    WHERE "created_by_phone" = "p_proven_phone"
       OR ("device_session_id" = "p_device_session_id" AND "created_by_phone" IS NULL));
END $$;
