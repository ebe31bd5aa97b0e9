import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { CannedRuleField, RenderedCannedRecord } from "../../../contract/calls/canned-responses";
import { CANNED_MESSAGES, cannedPieces, matchDltTemplate } from "../../../contract/domain/canned-responses";
import { serviceWindowLeftMs, type ChatChannel } from "../../../contract/domain/chats";
import { CONTACT_FIELDS, contactValueText, renderPieces } from "../../../contract/domain/personalise";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { cannedResponses, contacts } from "../../db/schema";
import { definitionsOf } from "../contacts/attributes";
import { dltTemplatesOnly } from "../chats/dlt-route";
import type { ConversationRow } from "../chats/records";
import { quickReplies } from "../chats/templates";
import type { ChatWorkspace } from "../chats/workspace";
import { cannedAccount } from "./store";

// A canned response filled in for one conversation, under the channel's rules: WhatsApp outside its 24-hour window
// takes approved templates only (the composer offers those, as before), so no response is offered; an SMS number on
// an Indian DLT route takes registered templates only, so only responses tied to one of the conversation's SMS
// templates are offered, and each only when its filled text passes the operators' scrub against that template.

export type RenderedCanned = Static<typeof RenderedCannedRecord>;
export type CannedRule = Static<typeof CannedRuleField>;

type ValueOf = (key: string) => string | undefined;

/** The customer's values: the contact's fields and attributes, the conversation's name when the contact has none. */
async function contactValues(db: Db, account: string, conversation: ConversationRow): Promise<ValueOf> {
  const [contact] = await db
    .select({
      name: contacts.name,
      email: contacts.email,
      language: contacts.language,
      attributes: contacts.attributes,
    })
    .from(contacts)
    .where(and(eq(contacts.userId, account), eq(contacts.number, conversation.customerNumber)));
  const fields: Record<string, string | undefined> = {
    name: contact?.name || conversation.customerName || undefined,
    email: contact?.email || undefined,
    language: contact?.language || undefined,
  };
  return (key) =>
    (CONTACT_FIELDS as readonly string[]).includes(key) ? fields[key] : contactValueText(contact?.attributes[key]);
}

/** One body filled in: its text, or the reason the agent sees (a variable the account lacks, a value without fallback). */
export function fillCanned(
  body: string,
  valueOf: ValueOf,
  known: (key: string) => boolean,
): { text: string; error: null } | { text: null; error: string } {
  const pieces = cannedPieces(body);
  const unknown = pieces.find((p) => typeof p !== "string" && !known(p.key));
  if (unknown && typeof unknown !== "string")
    return { text: null, error: CANNED_MESSAGES.unknownVariable(unknown.key) };
  const rendered = renderPieces(pieces, (ref) => valueOf(ref.key));
  return rendered.ok
    ? { text: rendered.text, error: null }
    : { text: null, error: CANNED_MESSAGES.noValue(rendered.missing.key) };
}

export async function renderCanned(
  db: Db,
  carrier: Carrier,
  ws: ChatWorkspace,
  conversation: ConversationRow,
  now = new Date(),
): Promise<{ data: RenderedCanned[]; rule: CannedRule }> {
  const channel = conversation.channel as ChatChannel;
  if (serviceWindowLeftMs(channel, conversation.lastInboundAt, now) === 0) return { data: [], rule: "window-closed" };
  const dlt = await dltTemplatesOnly(carrier, conversation);
  const account = await cannedAccount(db, ws);
  const rows = await db
    .select()
    .from(cannedResponses)
    .where(
      and(
        eq(cannedResponses.userId, account),
        or(isNull(cannedResponses.channel), eq(cannedResponses.channel, channel)),
      ),
    )
    .orderBy(asc(cannedResponses.code));
  const templates = dlt ? new Map((await quickReplies(db, conversation)).map((t) => [t._id, t])) : null;
  const offered = templates ? rows.filter((r) => r.smsTemplateId && templates.has(r.smsTemplateId)) : rows;
  if (!offered.length) return { data: [], rule: dlt ? "dlt" : null };
  const valueOf = await contactValues(db, account, conversation);
  const defs = await definitionsOf(db, account);
  const known = (key: string) => (CONTACT_FIELDS as readonly string[]).includes(key) || defs.has(key);
  const data = offered.map((r): RenderedCanned => {
    const filled = fillCanned(r.body, valueOf, known);
    const base = { _id: r.id, code: r.code, title: r.title, smsTemplateId: null, params: null };
    const template = templates && r.smsTemplateId ? templates.get(r.smsTemplateId) : undefined;
    if (!template || filled.text === null) return { ...base, ...filled };
    const params = matchDltTemplate(template.body, filled.text);
    if (!params) return { ...base, text: null, error: CANNED_MESSAGES.notTemplate(template.dltTemplateId ?? "") };
    return { ...base, ...filled, smsTemplateId: template._id, params };
  });
  return { data, rule: dlt ? "dlt" : null };
}
