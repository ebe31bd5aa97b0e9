import type { Static } from "@sinclair/typebox";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SmsAccountOption, SmsAccountRow } from "../../../contract/calls/sms-records";
import { checkSmsAccount, normalizeHeader } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { smsAccounts } from "../../db/schema";
import { badRequest, conflict, joinFieldErrors, notFound } from "../../http/errors";
import { headersClaimedByOthers } from "../carrier-channels/sms";
import { isUuid, type Caller } from "../caller";

export type SmsAccountRecord = Static<typeof SmsAccountRow>;
export type SmsAccountChoice = Static<typeof SmsAccountOption>;
type Row = typeof smsAccounts.$inferSelect;

export const SMS_ACCOUNT_NOT_FOUND = "SMS account not found";

/**
 * Whose SMS accounts a caller reaches. Owners reach their own; a department head works for its organization, which
 * holds the accounts (SPEC 6 gives it templates but no accounts of its own), so it reaches its parent's; an admin all.
 */
export function accountOwnerFilter(caller: Caller): SQL | undefined {
  if (caller.role === "admin") return undefined;
  if (caller.role === "department_head" && caller.parentId)
    return inArray(smsAccounts.userId, [caller.id, caller.parentId]);
  return eq(smsAccounts.userId, caller.id);
}

// Spelled out: inside a select list drizzle leaves columns unqualified, and a bare "id" would name the template's.
const templateCount = sql<number>`(select count(*)::int from "sms_templates" t where t."sms_account_id" = "sms_accounts"."id")`;

function toRecord(row: Row, count: number): SmsAccountRecord {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    isActive: row.isActive,
    dltEntityId: row.dltEntityId,
    senderIds: row.senderIds,
    templateCount: count,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The accounts list and its activation are the owner's own (SPEC 6: user and manager). */
const own = (caller: Caller) => eq(smsAccounts.userId, caller.id);

export async function listOwnAccounts(db: Db, caller: Caller): Promise<SmsAccountRecord[]> {
  const rows = await db
    .select({ row: smsAccounts, count: templateCount })
    .from(smsAccounts)
    .where(own(caller))
    .orderBy(asc(smsAccounts.createdAt), asc(smsAccounts.name));
  return rows.map((r) => toRecord(r.row, r.count));
}

async function ownAccount(db: Db, caller: Caller, id: string): Promise<SmsAccountRecord> {
  if (!isUuid(id)) throw notFound(SMS_ACCOUNT_NOT_FOUND);
  const [found] = await db
    .select({ row: smsAccounts, count: templateCount })
    .from(smsAccounts)
    .where(and(own(caller), eq(smsAccounts.id, id)));
  if (!found) throw notFound(SMS_ACCOUNT_NOT_FOUND);
  return toRecord(found.row, found.count);
}

export async function setAccountActive(
  db: Db,
  caller: Caller,
  id: string,
  isActive: boolean,
): Promise<SmsAccountRecord> {
  const account = await ownAccount(db, caller, id);
  await db.update(smsAccounts).set({ isActive, updatedAt: new Date() }).where(eq(smsAccounts.id, account.id));
  return ownAccount(db, caller, id);
}

export async function updateAccountRegistration(
  db: Db,
  caller: Caller,
  id: string,
  input: { dltEntityId: string; senderIds: readonly string[] },
): Promise<SmsAccountRecord> {
  const account = await ownAccount(db, caller, id);
  const errors = checkSmsAccount(input);
  if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
  const senderIds = input.senderIds.map(normalizeHeader);
  // A header another account sends through its own SMS provider stays that account's (carrier_sms_senders).
  const claimed = await headersClaimedByOthers(db, caller.id, senderIds);
  if (claimed.length) throw conflict(`${claimed.join(", ")} is sent through another account's SMS provider`);
  await db
    .update(smsAccounts)
    .set({ dltEntityId: input.dltEntityId.trim(), senderIds, updatedAt: new Date() })
    .where(eq(smsAccounts.id, account.id));
  return ownAccount(db, caller, id);
}

/** The accounts a caller may write templates for (the editor's choices and the list's filter). */
export async function accountChoices(db: Db, caller: Caller): Promise<SmsAccountChoice[]> {
  return db
    .select({
      id: smsAccounts.id,
      name: smsAccounts.name,
      isActive: smsAccounts.isActive,
      senderIds: smsAccounts.senderIds,
    })
    .from(smsAccounts)
    .where(accountOwnerFilter(caller))
    .orderBy(asc(smsAccounts.name));
}

/** One account in the caller's template reach; another tenant's is "not found", never "forbidden". */
export async function reachableAccount(db: Db, caller: Caller, id: string): Promise<SmsAccountChoice> {
  if (!isUuid(id)) throw notFound(SMS_ACCOUNT_NOT_FOUND);
  const [row] = await db
    .select({
      id: smsAccounts.id,
      name: smsAccounts.name,
      isActive: smsAccounts.isActive,
      senderIds: smsAccounts.senderIds,
    })
    .from(smsAccounts)
    .where(and(accountOwnerFilter(caller), eq(smsAccounts.id, id)));
  if (!row) throw notFound(SMS_ACCOUNT_NOT_FOUND);
  return row;
}
