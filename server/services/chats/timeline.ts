// The customer's one timeline (issue 40 item 7): every campaign message, public-API message, conversation message and
// note of one number within the conversation's account, newest first, a page at a time by cursor. The campaign and
// API kinds are the message log's own branches (services/message-log, the number as an exact filter through their
// indexes); the chat kind is read here, both directions and notes, per conversation of the number through
// chat_messages_timeline_idx. Each branch stops after limit + 1 rows; the merge keeps the log's order and cursor
// (time desc, kind asc, id desc), so a page costs the same at the first message and the ten-thousandth.
import { sql, type SQL } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { TimelineItemRecord } from "../../../contract/calls/chat-card";
import { LOG_KINDS } from "../../../contract/domain/message-log";
import { TIMELINE_LIMIT_DEFAULT } from "../../../contract/domain/chat-card";
import type { ChatDirection } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { erasedNumberWhere } from "../contacts/erased";
import { renderCampaignBodies } from "../message-log/bodies";
import { apiBranch, campaignBranch } from "../message-log/branches";
import { decodeCursor, encodeCursor, type LogCursor, type LogFilters } from "../message-log/filters";
import { logOrder } from "../message-log/list";
import { apiRecord, campaignRecord, type LogRow } from "../message-log/rows";
import { previewOf, type ConversationRow } from "./records";

export type TimelineItemOut = Static<typeof TimelineItemRecord>;

interface ChatRow {
  id: string;
  t: string;
  channel: string;
  direction: ChatDirection;
  type: string;
  text: string;
  body: { templateName?: string; fileName?: string; caption?: string };
  status: string | null;
}

/** The chat kind's keyset: rows after the cursor in (time desc, kind asc, id desc); chat is the last kind. */
function afterCursor(c: LogCursor | undefined): SQL {
  if (!c) return sql`true`;
  if (LOG_KINDS.indexOf(c.kind) < LOG_KINDS.indexOf("chat")) return sql`m.created_at <= ${c.t}::timestamptz`;
  return sql`(m.created_at, m.id) < (${c.t}::timestamptz, ${c.id}::bigint)`;
}

/**
 * The number's conversations in the account (conversations_customer_idx), each read newest first along its timeline
 * index up to limit + 1, then merged. Campaign messages shown in a thread (recipient_id) are the campaign kind's rows.
 */
async function chatBranch(db: Db, owner: string, number: string, f: LogFilters): Promise<ChatRow[]> {
  return rowsOf<ChatRow>(
    db,
    sql`select m.id::text as id, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t,
          v.channel, m.direction, m.type, m.text, m.body, m.status
        from conversations v cross join lateral (
          select m.id, m.created_at, m.direction, m.type, m.text, m.body, m.status from chat_messages m
          where m.conversation_id = v.id and m.recipient_id is null and ${afterCursor(f.cursor)}
          order by m.created_at desc, m.id desc limit ${f.limit + 1}) m
        where v.user_id = ${owner}::uuid and v.customer_number = ${number}
        order by m.created_at desc, m.id desc limit ${f.limit + 1}`,
  );
}

const chatLine = (r: ChatRow): LogRow & { direction: ChatDirection; text: string } => ({
  kind: "chat",
  id: r.id,
  time: r.t,
  channel: r.channel,
  sender: "",
  to: "",
  body: "",
  text: previewOf(r.type, r.text || r.body.caption || r.body.templateName || r.body.fileName || ""),
  direction: r.direction,
  providerMessageId: null,
  status: r.direction === "out" ? (r.status ?? "sent") : "",
  statuses: [],
  failoverStep: null,
  chargedPaise: null,
  refundedPaise: null,
  campaign: null,
});

type Line = LogRow & { direction?: ChatDirection; text?: string };

const toItem = (l: Line): TimelineItemOut => ({
  _id: `${l.kind}:${l.id}`,
  kind: l.kind,
  channel: l.channel as TimelineItemOut["channel"],
  direction: l.direction ?? "out",
  text: l.text ?? l.body,
  status: l.status || null,
  campaignName: l.campaign?.name ?? null,
  ...(l.links ? { links: l.links } : {}),
  at: new Date(l.time).toISOString(),
});

export async function customerTimeline(
  db: Db,
  conversation: Pick<ConversationRow, "userId" | "customerNumber">,
  query: { cursor?: string; limit?: number },
  linkKey: Buffer,
): Promise<{ data: TimelineItemOut[]; nextCursor: string | null }> {
  const f: LogFilters = {
    number: { exact: conversation.customerNumber },
    cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit ?? TIMELINE_LIMIT_DEFAULT,
  };
  const owner = conversation.userId;
  // An erased person's number shows nothing, whatever rows a late receipt may have left (contacts/erase.ts).
  const [erased] = await rowsOf<{ gone: boolean }>(
    db,
    sql`select ${erasedNumberWhere(owner, sql`${conversation.customerNumber}::text`)} as gone`,
  );
  if (erased?.gone) return { data: [], nextCursor: null };
  const [campaign, api, chat] = await Promise.all([
    campaignBranch(db, owner, f),
    apiBranch(db, owner, f),
    chatBranch(db, owner, conversation.customerNumber, f),
  ]);
  const merged: Line[] = [...campaign.map(campaignRecord), ...api.map(apiRecord), ...chat.map(chatLine)].sort(logOrder);
  const rows = merged.slice(0, f.limit);
  await renderCampaignBodies(db, rows, new Map(campaign.map((r) => [r.id, r])), linkKey);
  const last = rows.at(-1);
  return {
    data: rows.map(toItem),
    nextCursor: merged.length > f.limit && last ? encodeCursor({ t: last.time, kind: last.kind, id: last.id }) : null,
  };
}
