-- Notices replace rating_reports (issue 17): every report of a received review becomes a notice of the same
-- kind (source 'received_review'), its reason mapped onto the notice reasons; a resolved report keeps its
-- outcome as a decision (hidden -> hide, dismissed -> keep). The report's id is kept as the notice's id, and
-- as its decision's. Each notice gets a fresh random reference: 12 characters of Crockford's base32 from the
-- random bytes of a v4 UUID (bytes 6 and 8 carry its version and variant bits and are skipped).
INSERT INTO "moderation_decisions" ("id", "kind", "rating_id", "outcome", "reason", "note", "trigger", "admin_session_id", "queued_at", "decided_at")
SELECT
	r."id",
	'notice',
	r."rating_id",
	CASE WHEN r."status" = 'hidden' THEN 'hide' ELSE 'keep' END,
	CASE
		WHEN r."status" <> 'hidden' THEN 'within_terms'
		WHEN r."reason" IN ('full_name', 'contact_info') THEN 'full_name_or_contact_details'
		WHEN r."reason" IN ('sexual_content', 'hate_speech', 'threats') THEN r."reason"
		ELSE 'harassment'
	END,
	'Decided before reports became notices.',
	CASE r."reason"
		WHEN 'full_name' THEN 'private_information'
		WHEN 'contact_info' THEN 'private_information'
		WHEN 'false_or_harassing' THEN 'false_claims'
		WHEN 'sexual_content' THEN 'other'
		ELSE 'harassment'
	END,
	NULL,
	r."created_at",
	coalesce(r."resolved_at", r."created_at")
FROM "rating_reports" r
WHERE r."status" <> 'open';
--> statement-breakpoint
INSERT INTO "notices" ("id", "reference", "rating_id", "source", "reason", "reporter_phone", "status", "decision_id", "created_at", "decided_at")
SELECT
	r."id",
	ref."reference",
	r."rating_id",
	'received_review',
	CASE r."reason"
		WHEN 'full_name' THEN 'private_information'
		WHEN 'contact_info' THEN 'private_information'
		WHEN 'false_or_harassing' THEN 'false_claims'
		WHEN 'sexual_content' THEN 'other'
		ELSE 'harassment'
	END,
	r."reporter_phone",
	CASE WHEN r."status" = 'open' THEN 'open' ELSE 'decided' END,
	CASE WHEN r."status" = 'open' THEN NULL ELSE r."id" END,
	r."created_at",
	CASE WHEN r."status" = 'open' THEN NULL ELSE coalesce(r."resolved_at", r."created_at") END
FROM "rating_reports" r
CROSS JOIN LATERAL (
	SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', get_byte(u."bytes", p."position") % 32 + 1, 1), '' ORDER BY p."ordinal") AS "reference"
	FROM (SELECT uuid_send(gen_random_uuid()) AS "bytes", r."id" AS "report_id") u
	CROSS JOIN unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14]) WITH ORDINALITY AS p("position", "ordinal")
) ref;
