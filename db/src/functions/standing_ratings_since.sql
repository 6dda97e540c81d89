-- Live since migration 0018_daily_ceiling_counts_released.
-- The per-number daily ceiling counts what already reached the number (docs/anonymity.md#non-interference):
-- ratings whose release time falls in the day that starts at "p_since" (callers pass the moment a day before
-- now). A rating that stands but has not been released, one held, one withheld by 'Do not rate me' or one
-- whose author has not proven a phone is not counted: the rated person has seen none of them, so the ceiling
-- holding a rating, or not, tells nobody anything the rated person did not already see arrive. Counting
-- creation times instead let anyone time someone else's rating by probing the ceiling.
CREATE OR REPLACE FUNCTION "standing_ratings_since"("p_phone_number" text, "p_since" timestamptz) RETURNS integer
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT count(*)::integer FROM "ratings" r
    WHERE r."phone_number" = "p_phone_number"
      AND r."release_at" > "p_since" AND r."release_at" <= "p_since" + interval '1 day'
      AND r."created_by_phone" IS NOT NULL AND r."held_reason" IS NULL AND r."withheld_reason" IS NULL);
END $$;
