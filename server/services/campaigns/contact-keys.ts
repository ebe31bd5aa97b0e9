import { CONTACT_FIELDS, PERSONALISE_MESSAGES, variableRefs } from "../../../contract/domain/personalise";
import type { Db } from "../../db/client";
import type { FieldError } from "../../http/errors";
import type { Caller } from "../caller";
import { definitionsOf } from "../contacts/attributes";
import { contactsOwner } from "../contacts/owner";
import type { CreateFields } from "./create";

/**
 * `{{contact.x}}` must name a contact field or one of the account's attributes (the contacts' owner's, as the ingest
 * reads them): a typo is refused here, naming the key, not found out row by row.
 */
export async function contactKeysCheck(db: Db, caller: Caller, fields: CreateFields): Promise<FieldError[]> {
  const slots = [
    ["variables", fields.variables ?? []],
    ["smsCustomParams", fields.smsFailover ? (fields.smsCustomParams ?? []) : []],
  ] as const;
  if (!slots.some(([, values]) => variableRefs(values, "contact").length)) return [];
  const defs = await definitionsOf(db, await contactsOwner(db, caller));
  const known = (key: string) => (CONTACT_FIELDS as readonly string[]).includes(key) || defs.has(key);
  return slots.flatMap(([field, values]) =>
    variableRefs(values, "contact")
      .filter((key) => !known(key))
      .map((key) => ({ field, message: PERSONALISE_MESSAGES.unknownContactKey(key) })),
  );
}
