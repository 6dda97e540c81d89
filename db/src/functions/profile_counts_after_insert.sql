-- Live since migration 0010_striped_profile_counts.
CREATE OR REPLACE FUNCTION "profile_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "profile_counts_add"(count(*), count(*) FILTER (WHERE "is_verified")) FROM "inserted_rows";
  RETURN NULL;
END $$;
