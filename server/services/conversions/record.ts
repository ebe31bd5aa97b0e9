// Recording a reported conversion (issue 41, item 2): the checks the body's schema cannot make, the idempotency by
// (account, externalId), the attribution, and one insert. A refusal throws before anything is written.
import type { Static } from "@sinclair/typebox";
import { and, eq } from "drizzle-orm";
import type { ConversionRecord } from "../../../contract/calls/public-conversions";
import {
  CONVERSION_FUTURE_SKEW_MS,
  CONVERSION_MESSAGES,
  paiseToRupees,
  rupeesToPaise,
  type ConversionAttribution,
  type ConversionKind,
} from "../../../contract/domain/conversions";
import type { Db } from "../../db/client";
import { conversions, users } from "../../db/schema";
import { publicError } from "../public-api/caller";
import { byCode, byNumber, type Attribution } from "./attribute";

export interface ConversionInput {
  code?: string;
  number?: string;
  kind: ConversionKind;
  value?: string;
  currency?: "INR";
  occurredAt?: string;
  externalId: string;
}
type Row = typeof conversions.$inferSelect;
export type RecordedConversion = { status: 200 | 201 | 202; data: Static<typeof ConversionRecord> };

const toRecord = (r: Row): Static<typeof ConversionRecord> => ({
  id: r.id,
  externalId: r.externalId,
  kind: r.kind as ConversionKind,
  value: r.valuePaise === null ? null : paiseToRupees(r.valuePaise),
  currency: "INR",
  occurredAt: r.occurredAt.toISOString(),
  attributed: r.recipientId !== null,
  attributedBy: (r.attributedBy as ConversionAttribution | null) ?? null,
  campaignId: r.campaignId,
  createdAt: r.createdAt.toISOString(),
});

const earlier = (db: Db, accountId: string, externalId: string) =>
  db
    .select()
    .from(conversions)
    .where(and(eq(conversions.userId, accountId), eq(conversions.externalId, externalId)))
    .then((rows) => rows[0]);

/** When it happened: the request's time when not given; a time ahead of ours beyond clock skew is refused. */
function occurredAtOf(input: ConversionInput, now: Date): Date {
  if (input.occurredAt === undefined) return now;
  const at = new Date(input.occurredAt);
  const bad = (message: string) =>
    publicError("invalidRequest", `occurredAt: ${message}`, { errors: [{ field: "occurredAt", message }] });
  if (Number.isNaN(at.getTime())) throw bad("must be a date and time (ISO 8601)");
  if (at.getTime() > now.getTime() + CONVERSION_FUTURE_SKEW_MS) throw bad(CONVERSION_MESSAGES.future);
  return at;
}

async function windowDays(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ days: users.conversionWindowDays }).from(users).where(eq(users.id, accountId));
  return row.days;
}

/**
 * Records the conversion for the key's account: 201 attributed, 202 kept unattributed, 200 the first result of an
 * externalId seen before (nothing written again, even when this body differs).
 */
export async function recordConversion(
  db: Db,
  linkKey: Buffer,
  accountId: string,
  input: ConversionInput,
  now = new Date(),
): Promise<RecordedConversion> {
  if (input.code === undefined && input.number === undefined)
    throw publicError("invalidRequest", CONVERSION_MESSAGES.codeOrNumber, {
      errors: [{ field: "code", message: CONVERSION_MESSAGES.codeOrNumber }],
    });
  const seen = await earlier(db, accountId, input.externalId);
  if (seen) return { status: 200, data: toRecord(seen) };
  const occurredAt = occurredAtOf(input, now);
  const valuePaise = input.value === undefined ? null : rupeesToPaise(input.value);
  if (input.value !== undefined && valuePaise === null)
    throw publicError("invalidRequest", "value: must be rupees with at most two decimals", {
      errors: [{ field: "value", message: "must be rupees with at most two decimals" }],
    });
  const found: Attribution | null =
    input.code !== undefined
      ? await byCode(db, linkKey, accountId, input.code)
      : await byNumber(db, accountId, input.number ?? "", occurredAt, await windowDays(db, accountId));
  const [row] = await db
    .insert(conversions)
    .values({
      userId: accountId,
      externalId: input.externalId,
      kind: input.kind,
      valuePaise,
      currency: "INR",
      occurredAt,
      campaignId: found?.campaignId ?? null,
      recipientId: found?.recipientId ?? null,
      attributedBy: found?.by ?? null,
    })
    .onConflictDoNothing({ target: [conversions.userId, conversions.externalId] })
    .returning();
  // Two requests with one externalId at once: the other one wrote first, and its result is the answer.
  if (!row) return { status: 200, data: toRecord(await earlier(db, accountId, input.externalId)) };
  return { status: found ? 201 : 202, data: toRecord(row) };
}
