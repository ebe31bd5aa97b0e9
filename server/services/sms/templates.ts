import type { Static } from "@sinclair/typebox";
import { and, desc, eq } from "drizzle-orm";
import type { SmsTemplateRow } from "../../../contract/calls/sms-records";
import {
  checkSmsTemplate,
  normalizeHeader,
  smsVariableCount,
  type SmsCategory,
  type SmsTemplateDraft,
} from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { smsAccounts, smsTemplates } from "../../db/schema";
import { badRequest, joinFieldErrors, notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";
import { accountOwnerFilter, reachableAccount, type SmsAccountChoice } from "./accounts";

export type SmsTemplateRecord = Static<typeof SmsTemplateRow>;
type Row = typeof smsTemplates.$inferSelect;

export const SMS_TEMPLATE_NOT_FOUND = "SMS template not found";

function toRecord(row: Row, accountName: string): SmsTemplateRecord {
  return {
    id: row.id,
    smsAccountId: row.smsAccountId,
    smsAccountName: accountName,
    name: row.name,
    body: row.body,
    category: row.category as SmsCategory,
    senderId: row.senderId,
    dltTemplateId: row.dltTemplateId,
    variables: smsVariableCount(row.body),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withAccount = (db: Db) =>
  db
    .select({ row: smsTemplates, accountName: smsAccounts.name })
    .from(smsTemplates)
    .innerJoin(smsAccounts, eq(smsAccounts.id, smsTemplates.smsAccountId));

/** Templates the caller reaches, newest first; with an account id, that account's (which must be in reach). */
export async function listTemplates(
  db: Db,
  caller: Caller,
  smsAccountId: string | undefined,
): Promise<SmsTemplateRecord[]> {
  if (smsAccountId) await reachableAccount(db, caller, smsAccountId);
  const rows = await withAccount(db)
    .where(and(accountOwnerFilter(caller), smsAccountId ? eq(smsTemplates.smsAccountId, smsAccountId) : undefined))
    .orderBy(desc(smsTemplates.updatedAt), desc(smsTemplates.id));
  return rows.map((r) => toRecord(r.row, r.accountName));
}

export async function getTemplate(db: Db, caller: Caller, id: string): Promise<SmsTemplateRecord> {
  if (!isUuid(id)) throw notFound(SMS_TEMPLATE_NOT_FOUND);
  const [found] = await withAccount(db).where(and(accountOwnerFilter(caller), eq(smsTemplates.id, id)));
  if (!found) throw notFound(SMS_TEMPLATE_NOT_FOUND);
  return toRecord(found.row, found.accountName);
}

/** The DLT rules of contract/domain/sms.ts against the account's headers; a refusal names each field. */
function checked(draft: SmsTemplateDraft, account: SmsAccountChoice) {
  const errors = checkSmsTemplate(draft, account.senderIds);
  if (errors.length) throw badRequest(joinFieldErrors(errors), errors);
  return {
    name: draft.name.trim(),
    body: draft.body,
    category: draft.category,
    senderId: normalizeHeader(draft.senderId),
    dltTemplateId: draft.dltTemplateId.trim(),
  };
}

export async function createTemplate(
  db: Db,
  caller: Caller,
  input: SmsTemplateDraft & { smsAccountId: string },
): Promise<SmsTemplateRecord> {
  const account = await reachableAccount(db, caller, input.smsAccountId);
  const values = checked(input, account);
  const [row] = await db
    .insert(smsTemplates)
    .values({ ...values, smsAccountId: account.id, createdBy: caller.id })
    .returning();
  return toRecord(row, account.name);
}

export async function updateTemplate(
  db: Db,
  caller: Caller,
  input: SmsTemplateDraft & { id: string },
): Promise<SmsTemplateRecord> {
  const current = await getTemplate(db, caller, input.id);
  const account = await reachableAccount(db, caller, current.smsAccountId);
  const values = checked(input, account);
  const [row] = await db
    .update(smsTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(smsTemplates.id, current.id))
    .returning();
  return toRecord(row, account.name);
}
