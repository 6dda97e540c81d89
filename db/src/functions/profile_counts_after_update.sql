-- Live since migration 0010_striped_profile_counts.
CREATE OR REPLACE FUNCTION "profile_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_counts_add"(0,
    (SELECT count(*) FROM "new_rows" WHERE "is_verified") - (SELECT count(*) FROM "old_rows" WHERE "is_verified"));
  RETURN NULL;
END $$;
