-- exchange:stock now writes to the audit log (decision 013); carry over what the stop-gap
-- operator_changes table recorded, then drop it.
INSERT INTO "audit_log" ("operator_id", "actor", "action", "target", "before", "after", "ip", "created_at")
  SELECT NULL, 'cli', replace("action", ':', '.'), "target", "before", "after", 'local', "created_at"
  FROM "operator_changes" ORDER BY "id";--> statement-breakpoint
DROP TABLE "operator_changes" CASCADE;
