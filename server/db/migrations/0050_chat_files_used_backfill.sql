-- Files already carried by a message count as used from their upload, so the expiry job never takes them.
UPDATE "chat_files" AS f SET "used_at" = f."created_at"
WHERE f."used_at" IS NULL AND EXISTS (
  SELECT 1 FROM "chat_messages" AS m WHERE m."conversation_id" = f."conversation_id" AND m."body"->>'fileId' = f."id"::text
);
