// How a transaction locks a row it will update but never delete nor re-key (a campaign whose hold it settles, an
// owner whose limit it counts under): FOR NO KEY UPDATE, not FOR UPDATE. Every insert into a table that references
// the row checks its foreign key with FOR KEY SHARE, and FOR UPDATE blocks that where NO KEY UPDATE does not. With FOR
// UPDATE on the campaign, a dispatcher waiting on a recipient or a dashboard rollup row that a receipts statement
// held, while that statement's rollup trigger waited on the campaign for its key check, was a deadlock on PostgreSQL
// (server/test/row-locks.pg.test.ts). NO KEY UPDATE still orders the writers of the row among themselves.
import { sql } from "drizzle-orm";

/** The lock strength for Drizzle's `.for(...)`. */
export const ROW_LOCK = "no key update" as const;

/** The same lock as an SQL clause (`... where id = $1 ${FOR_ROW_LOCK}`). */
export const FOR_ROW_LOCK = sql.raw(`for ${ROW_LOCK}`);
