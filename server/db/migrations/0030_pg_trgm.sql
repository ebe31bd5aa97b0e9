-- Trigram indexes for the inbox search (issue 38). pg_trgm is a trusted extension on PostgreSQL 13+ (a database owner
-- may create it); PGlite loads it at every start (server/db/pglite.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
