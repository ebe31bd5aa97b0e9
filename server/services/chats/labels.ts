import { and, sql } from "drizzle-orm";
import type { Server } from "socket.io";
import { cleanLabels, defaultLabelColor } from "../../../contract/domain/contacts";
import { INBOX_VIEW_MESSAGES } from "../../../contract/domain/inbox-views";
import type { SchemaBody } from "../../../schemas";
import type { Db } from "../../db/client";
import { contactLabelColors, contacts, conversations } from "../../db/schema";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { badRequest } from "../../http/errors";
import { isUuid } from "../caller";
import { erasedNumberWhere } from "../contacts/erased";
import { enqueueContactChanges, type ContactEventRow } from "../contacts/events";
import { conversationReach, conversationRecords } from "./conversations";
import { labelOwnerSql } from "./customer-labels";
import { pushConversation } from "./push";
import type { ConversationOut } from "./records";
import type { ChatWorkspace } from "./workspace";

/**
 * Adds then removes labels on the customers of the conversations among `ids` the caller reaches (others are left out,
 * as missing ones): a customer without a contact gets one (source chat), unless the account erased the number. The
 * contacts change in one statement with their webhook events; the conversations are pushed to their rooms.
 */
export async function relabelConversations(
  db: Db,
  io: Server,
  ws: ChatWorkspace,
  body: SchemaBody<"chat-labels">,
): Promise<ConversationOut[]> {
  const add = cleanLabels(body.add ?? []);
  const remove = cleanLabels(body.remove ?? []);
  if (!add.length && !remove.length)
    throw badRequest("Name labels to add or to remove", [{ field: "add", message: "or remove is required" }]);
  const ids = body.ids.filter(isUuid);
  if (!ids.length) throw badRequest(INBOX_VIEW_MESSAGES.noConversations, [{ field: "ids", message: "none found" }]);
  const rows = await db
    .select()
    .from(conversations)
    .where(and(sql`${conversations.id} = any(${pgArray(ids)}::uuid[])`, conversationReach(ws)));
  if (!rows.length) throw badRequest(INBOX_VIEW_MESSAGES.noConversations, [{ field: "ids", message: "none found" }]);
  const numbers = [...new Set(rows.map((r) => r.customerNumber))];
  const names = new Map(rows.map((r) => [r.customerNumber, r.customerName ?? ""]));
  await db.transaction((tx) => writeLabels(tx, ws.ownerId, numbers, names, add, remove));
  const records = await conversationRecords(db, ws.ownerId, rows);
  rows.forEach((row, i) => {
    const record = records[i];
    if (record) pushConversation(io, row, record);
  });
  return records;
}

async function writeLabels(
  tx: Tx,
  ownerId: string,
  numbers: string[],
  names: Map<string, string>,
  add: string[],
  remove: string[],
): Promise<void> {
  const owner = labelOwnerSql(ownerId);
  // The customers who have no contact yet get one, so the label has somewhere to live (an erased number does not).
  const created = add.length
    ? await rowsOf<ContactEventRow>(
        tx,
        sql`insert into ${contacts} (user_id, number, name, source)
          select ${owner}, n.number, n.name, 'chat'
          from unnest(${pgArray(numbers)}::text[], ${pgArray(numbers.map((n) => names.get(n) ?? ""))}::text[])
            as n(number, name)
          where not ${erasedNumberWhere(ownerId, sql`n.number`)}
          on conflict (user_id, number) do nothing
          returning id::text as id, number, name, email, language, labels, attributes, updated_at as "updatedAt"`,
      )
    : [];
  const next = sql`array(select distinct l from unnest(${contacts.labels} || ${pgArray(add)}::text[]) as l
    where l <> all(${pgArray(remove)}::text[]) order by 1)`;
  const changed = await rowsOf<ContactEventRow>(
    tx,
    sql`update ${contacts} set labels = ${next}, updated_at = now()
      where user_id = ${owner} and number = any(${pgArray(numbers)}::text[]) and labels is distinct from ${next}
      returning id::text as id, number, name, email, language, labels, attributes, updated_at as "updatedAt"`,
  );
  if (add.length)
    await tx.execute(sql`insert into ${contactLabelColors} (user_id, name, color)
      select ${owner}, l.name, l.color
      from unnest(${pgArray(add)}::text[], ${pgArray(add.map(defaultLabelColor))}::text[]) as l(name, color)
      on conflict (user_id, name) do nothing`);
  const createdIds = new Set(created.map((c) => c.id));
  const ownerOf = await rowsOf<{ id: string }>(tx, sql`select ${owner}::text as id`);
  await enqueueContactChanges(
    tx,
    ownerOf[0]?.id ?? ownerId,
    "chat",
    changed.map((row) => ({ action: createdIds.has(row.id) ? ("created" as const) : ("updated" as const), row })),
  );
}
