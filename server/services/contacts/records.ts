import type { Static } from "@sinclair/typebox";
import type { ContactRecord } from "../../../contract/calls";
import { DEFAULT_REGION } from "../../../contract/domain/campaigns";
import { CONTACT_MESSAGES } from "../../../contract/domain/contacts";
import { contacts } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { normalizeNumber } from "../campaigns/audience/phone";

export type ContactRow = typeof contacts.$inferSelect;
export type ContactOut = Static<typeof ContactRecord>;

export const toContact = (r: ContactRow): ContactOut => ({
  id: r.id,
  number: r.number,
  name: r.name,
  email: r.email,
  language: r.language,
  labels: r.labels,
  attributes: r.attributes,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The number as stored (E.164), by the same rule campaign files use; anything else is a 400 naming the field. */
export function contactNumber(raw: string): string {
  const verdict = normalizeNumber(raw, DEFAULT_REGION);
  if (!verdict.ok) throw badRequest(`number: ${verdict.reason}`, [{ field: "number", message: verdict.reason }]);
  return verdict.e164;
}

const isUniqueViolation = (error: unknown) =>
  String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === "23505";

/** A write that may meet the (owner, number) unique index: its violation answers 409 naming the number. */
export async function unlessDuplicate<T>(number: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CONTACT_MESSAGES.duplicate(number));
    throw error;
  }
}
