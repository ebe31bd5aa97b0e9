import { PHONE_NUMBER_FIELDS, type PhoneNumberRow } from "../../../contract/calls";
import { splitList } from "../../../contract/domain/whatsapp-analytics";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import { phonesOf, toPhone } from "./wabas";

type Field = (typeof PHONE_NUMBER_FIELDS)[number];
const isField = (name: string): name is Field => (PHONE_NUMBER_FIELDS as readonly string[]).includes(name);

/** `fields` as Meta takes it (comma-joined); `id` always comes, unknown names are refused. Default: every field. */
export function parseFields(raw: string | undefined): Field[] {
  const names = splitList(raw).filter((name) => name !== "id");
  const unknown = names.filter((name) => !isField(name));
  if (unknown.length > 0) {
    const message = `unknown field ${unknown.join(", ")} (known: id, ${PHONE_NUMBER_FIELDS.join(", ")})`;
    throw badRequest(`fields: ${message}`, [{ field: "fields", message }]);
  }
  return raw === undefined || splitList(raw).length === 0 ? [...PHONE_NUMBER_FIELDS] : names.filter(isField);
}

/** The account's phone numbers, in `mode` (account_mode) when given, with only the fields asked for. */
export async function listPhoneNumbers(
  db: Db,
  ownerId: string,
  query: { mode?: string; fields?: string },
): Promise<PhoneNumberRow[]> {
  const fields = parseFields(query.fields);
  const phones = await phonesOf(db, { ownerId });
  return phones
    .filter((p) => !query.mode || p.row.accountMode === query.mode)
    .map((p) => {
      const full = { ...toPhone(p.row), waba_id: p.wabaId };
      const row: PhoneNumberRow = { id: full.id };
      for (const field of fields) Object.assign(row, { [field]: full[field] });
      return row;
    });
}
