-- Live since migration 0010_striped_profile_counts.
CREATE FUNCTION "profile_counts_add"("p_total" bigint, "p_verified" bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "p_total" <> 0 OR "p_verified" <> 0 THEN
    UPDATE "profile_counts" SET "total" = "total" + "p_total", "verified" = "verified" + "p_verified"
      WHERE "id" = 1 + pg_backend_pid() % 16;
  END IF;
END $$;
