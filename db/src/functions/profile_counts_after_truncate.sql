-- Live since migration 0003_profile_counts.
CREATE FUNCTION "profile_counts_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profile_counts" SET "total" = 0, "verified" = 0;
  RETURN NULL;
END $$;
