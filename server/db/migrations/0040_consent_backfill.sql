-- The suppression list becomes the view of the consent ledger's all-channel opt-outs: each number already on a list
-- gets the opt-out event it would have had (once: a number with any all-channel event already is left alone).
INSERT INTO "consent_events" ("user_id", "number", "channel", "purpose", "status", "method", "proof", "created_at")
SELECT s."user_id", s."number", 'all', 'any', 'opted_out',
  CASE s."source" WHEN 'stop-reply' THEN 'keyword' WHEN 'import' THEN 'import' ELSE 'agent' END,
  s."reason", s."created_at"
FROM "suppressions" s
WHERE NOT EXISTS (
  SELECT 1 FROM "consent_events" e
  WHERE e."user_id" = s."user_id" AND e."number" = s."number" AND e."channel" = 'all' AND e."purpose" = 'any'
);
