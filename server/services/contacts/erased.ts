// Erased people (issue 39): an account keeps only SHA-256(pepper || E.164) of a number it erased, so the number is
// refused again (a new contact, an API send, a campaign) without being stored. The pepper lives in app_settings, so
// the pre-send check hashes each recipient in SQL exactly as the server hashes here.
import { createHash, randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { PUBLIC_ERRORS } from "../../../contract/domain/api-keys";
import type { Db } from "../../db/client";
import { rowsOf, type Tx } from "../../db/sql";
import { HttpError } from "../../http/errors";

type Conn = Db | Tx;
const PEPPER_KEY = "erase_pepper";

/**
 * Makes sure the installation has a pepper: the configured one (ERASE_PEPPER) replaces the stored one; without it a
 * random one is stored once and kept across restarts.
 */
export async function ensureErasePepper(db: Db, configured: string | undefined): Promise<void> {
  const value = configured ?? randomBytes(32).toString("base64url");
  await db.execute(
    configured
      ? sql`insert into app_settings (key, value) values (${PEPPER_KEY}, ${value})
            on conflict (key) do update set value = excluded.value`
      : sql`insert into app_settings (key, value) values (${PEPPER_KEY}, ${value}) on conflict (key) do nothing`,
  );
}

async function pepperOf(db: Conn): Promise<string> {
  const [row] = await rowsOf<{ value: string }>(db, sql`select value from app_settings where key = ${PEPPER_KEY}`);
  if (row) return row.value;
  // A database the server has not started on (a script, a test's direct call): made now, as at start.
  await ensureErasePepper(db as Db, undefined);
  return pepperOf(db);
}

/** The hex SHA-256 of the pepper followed by the E.164 number. */
export async function erasedHash(db: Conn, number: string): Promise<string> {
  return createHash("sha256")
    .update((await pepperOf(db)) + number)
    .digest("hex");
}

/** Whether `number` (E.164) was erased by the account (or its manager). */
export async function isErased(db: Conn, ownerId: string, number: string): Promise<boolean> {
  const [row] = await rowsOf<{ hit: boolean }>(
    db,
    sql`select exists (select 1 from erased_numbers where user_id in ${erasers(ownerId)} and hash = ${await erasedHash(db, number)}) as hit`,
  );
  return row?.hit ?? false;
}

export const erasedError = () => {
  const e = PUBLIC_ERRORS.erased;
  return new HttpError(
    e.status,
    e.message,
    [{ field: "number", message: "was erased at the person's request: it is not stored or messaged again" }],
    e.code,
  );
};

/** Refuses an erased number (422): it is not stored as a contact again. */
export async function refuseErased(db: Conn, ownerId: string, number: string): Promise<void> {
  if (await isErased(db, ownerId, number)) throw erasedError();
}

/**
 * The accounts whose erasures bind `accountId`: its own, and its parent's (a manager erases for its users, whose
 * campaigns and API keys send on their own account).
 */
const erasers = (accountId: string) =>
  sql`(select ${accountId}::uuid union all select parent_id from users where id = ${accountId} and parent_id is not null)`;

/**
 * SQL: whether the number `numberSql` (E.164 text) was erased by `ownerId`, hashed in the statement. The first,
 * uncorrelated test keeps the per-row hash away from accounts that never erased anyone.
 */
export const erasedNumberWhere = (accountId: string, numberSql: SQL): SQL =>
  sql`(exists (select 1 from erased_numbers where user_id in ${erasers(accountId)}) and exists (
        select 1 from erased_numbers en where en.user_id in ${erasers(accountId)}
          and en.hash = encode(sha256(convert_to((select value from app_settings where key = ${PEPPER_KEY}) || ${numberSql}, 'UTF8')), 'hex')))`;
