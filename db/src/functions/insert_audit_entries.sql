-- Live since migration 0009_audit_entries_function.
-- A request's activity and error entries in one call (docs/security.md#audit: at most one audit insert per
-- request). As a function the statement has a fixed text and two jsonb parameters, so the server prepares it
-- once per connection: an unprepared statement with parameters costs postgres.js two round trips (it asks for
-- the parameter types first), and under load the second one waited on a busy event loop. plpgsql keeps the
-- two inserts' plans for the session. A request's entries share its moment (now()); one microsecond apart in
-- the order they were recorded, they come out newest first in that order too.
CREATE FUNCTION "insert_audit_entries"("log_rows" jsonb, "error_rows" jsonb) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  "written" integer := 0;
  "count" integer;
BEGIN
  IF jsonb_array_length("log_rows") > 0 THEN
    INSERT INTO "logs" ("user_id", "phone_number", "action", "details", "ip_address", "user_agent", "created_at")
      SELECT x."user_id", x."phone_number", x."action", x."details", x."ip_address", x."user_agent",
        now() + x."position" * interval '1 microsecond'
      FROM ROWS FROM (jsonb_to_recordset("log_rows") AS ("user_id" text, "phone_number" text, "action" text,
        "details" jsonb, "ip_address" text, "user_agent" text))
        WITH ORDINALITY AS x("user_id", "phone_number", "action", "details", "ip_address", "user_agent", "position");
    GET DIAGNOSTICS "count" = ROW_COUNT;
    "written" := "written" + "count";
  END IF;
  IF jsonb_array_length("error_rows") > 0 THEN
    INSERT INTO "error_logs" ("user_id", "phone_number", "error_message", "error_stack", "error_type", "severity",
        "url", "component_name", "details", "ip_address", "user_agent", "created_at")
      SELECT x."user_id", x."phone_number", x."error_message", x."error_stack", coalesce(x."error_type", 'runtime'),
        coalesce(x."severity", 'medium'), x."url", x."component_name", x."details", x."ip_address", x."user_agent",
        now() + x."position" * interval '1 microsecond'
      FROM ROWS FROM (jsonb_to_recordset("error_rows") AS ("user_id" text, "phone_number" text,
        "error_message" text, "error_stack" text, "error_type" text, "severity" text, "url" text,
        "component_name" text, "details" jsonb, "ip_address" text, "user_agent" text))
        WITH ORDINALITY AS x("user_id", "phone_number", "error_message", "error_stack", "error_type", "severity",
          "url", "component_name", "details", "ip_address", "user_agent", "position");
    GET DIAGNOSTICS "count" = ROW_COUNT;
    "written" := "written" + "count";
  END IF;
  RETURN "written";
END $$;
