import { sql } from "drizzle-orm";
import { cleanLabels, defaultLabelColor, type LabelColor } from "../../../contract/domain/contacts";
import { INBOX_VIEW_MESSAGES } from "../../../contract/domain/inbox-views";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { contactLabelColors, contacts } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";
import { badRequest, forbidden } from "../../http/errors";
import { contactsOwnerSql } from "../contacts/owner";
import type { ChatWorkspace } from "./workspace";

// A conversation's labels are its customer's contact's (contacts.labels of the account's contacts owner): one place
// says which labels a person has, whichever screen set them. contact_label_colors says only how each label looks.

export interface LabelOut {
  name: string;
  color: LabelColor;
}

/** The contacts owner of an inbox's account, in SQL (a manager's users share their manager's contacts). */
export const labelOwnerSql = (ownerId: string) => contactsOwnerSql(sql`${ownerId}::uuid`);

/** The labels of the customers behind `numbers`, in their contacts' order, coloured: one indexed read per number. */
export async function labelsOfNumbers(db: Db, ownerId: string, numbers: readonly string[]) {
  const byNumber = new Map<string, LabelOut[]>();
  if (numbers.length === 0) return byNumber;
  const rows = await rowsOf<{ number: string; name: string; color: LabelColor | null }>(
    db,
    sql`select c.number, l.name, k.color from ${contacts} c
      cross join lateral unnest(c.labels) with ordinality as l(name, ord)
      left join ${contactLabelColors} k on k.user_id = c.user_id and k.name = l.name
      where c.user_id = ${labelOwnerSql(ownerId)} and c.number = any(${pgArray([...new Set(numbers)])}::text[])
      order by c.number, l.ord`,
  );
  for (const r of rows) {
    const list = byNumber.get(r.number) ?? [];
    list.push({ name: r.name, color: r.color ?? defaultLabelColor(r.name) });
    byNumber.set(r.number, list);
  }
  return byNumber;
}

/** The account's labels for the picker and the filter (at most 500, alphabetical): a row per label. */
export async function accountLabels(db: Db, ws: ChatWorkspace): Promise<LabelOut[]> {
  const rows = await rowsOf<{ name: string; color: LabelColor | null }>(
    db,
    sql`select k.name, k.color from ${contactLabelColors} k where k.user_id = ${labelOwnerSql(ws.ownerId)}
      order by lower(k.name), k.name limit 500`,
  );
  return rows.map((r) => ({ name: r.name, color: r.color ?? defaultLabelColor(r.name) }));
}

/** How one label looks, for the whole account: only its owner decides (agents use the labels, they do not restyle). */
export async function setLabelColor(
  db: Db,
  ws: ChatWorkspace,
  body: SchemaBody<"chat-label-color">,
): Promise<LabelOut> {
  if (ws.agentId) throw forbidden(INBOX_VIEW_MESSAGES.colorOwnerOnly);
  const [name] = cleanLabels([body.name]);
  if (!name) throw badRequest("Name the label", [{ field: "name", message: "is required" }]);
  const color = body.color as LabelColor;
  await db.execute(sql`insert into ${contactLabelColors} (user_id, name, color)
    values (${labelOwnerSql(ws.ownerId)}, ${name}, ${color})
    on conflict (user_id, name) do update set color = excluded.color`);
  return { name, color };
}
