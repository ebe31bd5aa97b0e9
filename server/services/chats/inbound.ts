import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { CarrierEvent } from "../../carriers/carrier";
import { markHot, type Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";
import { keywordChanges } from "../../../contract/domain/consent";
import { writeConsentEvents, type ConsentEventInput } from "../consent/ledger";
import { enqueueChatContacts, type ChatContactRow } from "../contacts/events";
import { contactsOwnerSql } from "../contacts/owner";
import { E164_PATTERN } from "../../../contract/domain/contacts";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { anyWebhooksWanted, webhooksWanted } from "../webhooks/subscribers";
import type { ChatMessageType } from "../../../contract/domain/chats";
import { ownersOfAddresses } from "./addresses";
import { takeCsatAnswers, type CsatAnswered } from "./csat-answers";
import { inboundBody } from "./inbound-media";
import { previewOf, type ChatMessageRow, type ConversationRow } from "./records";

export type Inbound = Extract<CarrierEvent, { type: "inbound" }>;

export interface Received {
  conversation: ConversationRow;
  message: ChatMessageRow;
  /** An AI agent's answer to it was queued (the ai-replies job is then woken). */
  aiQueued: boolean;
  /** A workflow trigger event was written for it (the workflow-events job is then woken). */
  triggered: boolean;
}

/** Conversations are per account, business address and customer. */
const conversationKey = (ownerId: string, e: Inbound) => `${ownerId}|${e.channel}|${e.to}|${e.from}`;

/** A row of the inbound statement: the stored message, its conversation (prefixed `c_`) and what was queued for it. */
interface Row {
  id: number;
  conversation_id: string;
  user_id: string;
  direction: ChatMessageRow["direction"];
  type: ChatMessageRow["type"];
  text: string;
  body: ChatMessageRow["body"];
  client_id: string | null;
  agent_id: string | null;
  author_name: string;
  status: ChatMessageRow["status"];
  provider_message_id: string | null;
  error: string | null;
  campaign_id: string | null;
  recipient_id: number | string | null;
  created_at: Date | string;
  c_id: string;
  c_user_id: string;
  c_channel: string;
  c_customer_number: string;
  c_customer_name: string | null;
  c_business_address: string;
  c_status: ConversationRow["status"];
  c_assigned_agent_id: string | null;
  c_last_inbound_at: Date | string | null;
  c_last_message_at: Date | string;
  c_last_message_text: string;
  c_unread_count: number;
  c_resolved_at: Date | string | null;
  c_campaign_id: string | null;
  c_created_at: Date | string;
  c_sla_first_start: Date | string | null;
  c_sla_first_due: Date | string | null;
  c_sla_first_at: Date | string | null;
  c_sla_first_agent_id: string | null;
  c_sla_first_breached: boolean;
  c_sla_resolve_start: Date | string | null;
  c_sla_resolve_due: Date | string | null;
  c_sla_resolve_breached: boolean;
  c_sla_next_due: Date | string | null;
  ai_queued: boolean;
  triggered: boolean;
  /** The contacts this batch made (the same on every row: one aggregate of the statement). */
  new_contacts: ChatContactRow[];
}

const date = (d: Date | string) => (d instanceof Date ? d : new Date(d));
const dateOrNull = (d: Date | string | null) => (d === null ? null : date(d));

function conversationOf(r: Row): ConversationRow {
  return {
    id: r.c_id,
    userId: r.c_user_id,
    channel: r.c_channel,
    customerNumber: r.c_customer_number,
    customerName: r.c_customer_name,
    businessAddress: r.c_business_address,
    status: r.c_status,
    assignedAgentId: r.c_assigned_agent_id,
    lastInboundAt: dateOrNull(r.c_last_inbound_at),
    lastMessageAt: date(r.c_last_message_at),
    lastMessageText: r.c_last_message_text,
    unreadCount: r.c_unread_count,
    resolvedAt: dateOrNull(r.c_resolved_at),
    campaignId: r.c_campaign_id,
    createdAt: date(r.c_created_at),
    slaFirstStart: dateOrNull(r.c_sla_first_start),
    slaFirstDue: dateOrNull(r.c_sla_first_due),
    slaFirstAt: dateOrNull(r.c_sla_first_at),
    slaFirstAgentId: r.c_sla_first_agent_id,
    slaFirstBreached: r.c_sla_first_breached,
    slaResolveStart: dateOrNull(r.c_sla_resolve_start),
    slaResolveDue: dateOrNull(r.c_sla_resolve_due),
    slaResolveBreached: r.c_sla_resolve_breached,
    slaNextDue: dateOrNull(r.c_sla_next_due),
  };
}

function messageOf(r: Row): ChatMessageRow {
  return {
    id: Number(r.id),
    conversationId: r.conversation_id,
    userId: r.user_id,
    direction: r.direction,
    type: r.type,
    text: r.text,
    body: r.body,
    clientId: r.client_id,
    agentId: r.agent_id,
    authorName: r.author_name,
    status: r.status,
    providerMessageId: r.provider_message_id,
    error: r.error,
    campaignId: r.campaign_id,
    recipientId: r.recipient_id === null ? null : Number(r.recipient_id),
    createdAt: date(r.created_at),
  };
}

const dialect = new PgDialect();

/**
 * Customers' messages become part of their conversations: each the one of the account owning the address it was
 * sent to, opened (or reopened, if resolved) with one more unread per message. Messages to an address nobody here
 * owns are left out; the rest are returned in the order they came.
 *
 * A batch is one statement whatever its size, and its text never changes (every value travels in an array), so on
 * PGlite it runs as a named statement, parsed and planned once (client.ts markHot): the conversations upserted (the
 * campaign each answers looked up with them), the messages inserted in order, AI agents' answers and workflow
 * triggers queued. One statement is one transaction, so what it queues commits with the messages or not at all. The
 * six statements and BEGIN/COMMIT this replaced, each parsed and planned again, were most of the inbound path's time
 * at 200 messages a second. Where an account wants message.inbound webhooks (rare), the same statement runs in a
 * transaction with their deliveries.
 */
/**
 * The consent events of STOP / START words that answer no campaign message of the account on that channel (a reply
 * to the inbox or to a public-API message): campaign replies make theirs where they are matched to their campaign
 * (campaigns/inbound-replies.ts), so each word is written once. The last word of a number wins.
 */
function keywordConsent(rows: readonly Row[], owned: readonly { event: Inbound }[]): ConsentEventInput[] {
  const last = new Map<string, ConsentEventInput[]>();
  rows.forEach((r, i) => {
    const { event } = owned[i] as { event: Inbound };
    const changes = r.campaign_id === null ? keywordChanges(event.text) : [];
    if (changes.length === 0) return;
    const proof = `Replied "${event.text.trim()}"`;
    last.set(
      `${r.user_id}|${event.from}`,
      changes.map((c) => ({ ...c, ownerId: r.user_id, number: event.from, proof, actorId: null })),
    );
  });
  return [...last.values()].flat();
}

export async function receiveInbound(
  db: Db,
  events: readonly Inbound[],
  onCsatAnswer?: (answered: CsatAnswered) => void,
): Promise<Received[]> {
  const owners = await ownersOfAddresses(
    db,
    events.map((e) => ({ channel: e.channel, address: e.to })),
  );
  const all = events.flatMap((event) => {
    const owner = owners.get(`${event.channel}|${event.to}`);
    if (!owner) return [];
    // The conversation is at the address the inbox knows (an RCS campaign's reply comes to the bot's provider id).
    return [{ event: owner.address === event.to ? event : { ...event, to: owner.address }, ownerId: owner.ownerId }];
  });
  // Answers to a satisfaction survey are stored apart: they wait for no agent (csat-answers.ts).
  const answers = await takeCsatAnswers(db, all, onCsatAnswer);
  const owned = all.filter((_, i) => !answers.has(i));
  if (owned.length === 0) return [];

  // One row per conversation (an upsert may not touch a row twice): its count of new messages and its latest one
  // (by position in `owned`, 1-based as the statement's ordinality).
  const perConversation = new Map<string, { latest: number; count: number }>();
  owned.forEach(({ event, ownerId }, i) => {
    const key = conversationKey(ownerId, event);
    const seen = perConversation.get(key);
    if (!seen) perConversation.set(key, { latest: i + 1, count: 1 });
    else {
      seen.count++;
      if (event.at >= (owned[seen.latest - 1] as (typeof owned)[number]).event.at) seen.latest = i + 1;
    }
  });
  const typeOf = (e: Inbound): ChatMessageType => e.media?.kind ?? (e.mediaUrl ? "image" : "text");
  const conversationRows = [...perConversation.values()];
  const latestOf = (c: { latest: number }) => (owned[c.latest - 1] as (typeof owned)[number]).event;

  const statement = sql`
    with v as (
      select * from unnest(${pgArray(owned.map((o) => o.ownerId))}::uuid[], ${pgArray(owned.map((o) => o.event.channel))}::text[],
                           ${pgArray(owned.map((o) => o.event.to))}::text[], ${pgArray(owned.map((o) => o.event.from))}::text[],
                           ${pgArray(owned.map((o) => o.event.text))}::text[], ${pgArray(owned.map((o) => typeOf(o.event)))}::text[],
                           ${pgArray(owned.map((o) => JSON.stringify(inboundBody(o.event))))}::jsonb[],
                           ${pgArray(owned.map((o) => o.event.at.toISOString()))}::timestamptz[],
                           ${pgArray(owned.map((o) => o.event.at.toISOString()))}::text[],
                           ${pgArray(owned.map((o) => (typeOf(o.event) === "text" && o.event.text.trim() !== "" ? "t" : "f")))}::boolean[])
        with ordinality as v(owner, channel, address, number, text, type, body, at, received_at, answerable, ord)
    ),
    -- The latest campaign message of the account to the number on that channel: a reply to it is also a campaign
    -- response, the conversation links it and takes the name the audience file gave the person.
    ans as (
      select d.owner, d.number, d.channel, m.campaign_id, m.recipient_id, m.name, m.sent_at
      from (select distinct owner, number, channel from v) d
      join lateral (
        select r.campaign_id, r.id as recipient_id, r.name, r.sent_at from campaign_recipients r join campaigns c on c.id = r.campaign_id
        where r.user_id = d.owner and r.number = d.number and c.channel = d.channel and r.state not in ('queued', 'sending', 'skipped')
        order by r.id desc limit 1
      ) m on true
    ),
    vc as (
      select v.*, ans.campaign_id, ans.recipient_id, ans.name, ans.sent_at from v left join ans on ans.owner = v.owner and ans.number = v.number and ans.channel = v.channel
    ),
    up as (
      insert into conversations (user_id, channel, customer_number, customer_name, business_address, last_inbound_at, last_message_at, last_message_text, unread_count, campaign_id)
      select vc.owner, vc.channel, vc.number, vc.name, vc.address, vc.at, vc.at, k.preview, k.count, vc.campaign_id
      from unnest(${pgArray(conversationRows.map((c) => c.latest))}::int[], ${pgArray(conversationRows.map((c) => c.count))}::int[],
                  ${pgArray(conversationRows.map((c) => previewOf(typeOf(latestOf(c)), latestOf(c).text)))}::text[]) as k(latest, count, preview)
      join vc on vc.ord = k.latest
      on conflict (user_id, channel, business_address, customer_number) do update set
        status = 'open', resolved_at = null, last_inbound_at = excluded.last_inbound_at, last_message_at = excluded.last_message_at,
        last_message_text = excluded.last_message_text, unread_count = conversations.unread_count + excluded.unread_count,
        campaign_id = coalesce(conversations.campaign_id, excluded.campaign_id),
        customer_name = coalesce(excluded.customer_name, conversations.customer_name)
      returning *, (xmax = 0) as inserted
    ),
    -- A customer whose first message opens a conversation is a contact of the account (of its manager, as contacts are:
    -- contacts/owner.ts), named as the audience file named them; only a new conversation makes one, so a contact deleted
    -- later is not brought back by the next message.
    ct as (
      insert into contacts (user_id, number, name, source)
      select distinct on (o.owner, up.customer_number) o.owner, up.customer_number, coalesce(up.customer_name, ''), 'chat'
      from up cross join lateral (select ${contactsOwnerSql(sql`up.user_id`)} as owner) o
      where up.inserted and up.customer_number ~ ${E164_PATTERN}
      on conflict (user_id, number) do nothing
      returning id, user_id, number, name, email, language, labels, attributes, updated_at
    ),
    -- The campaign message answered goes into the thread above the reply, once (its client id), and only when it is
    -- newer than what the thread already holds: a months-old campaign is not slipped under a conversation since. The
    -- row points at the recipient; chats/campaign-messages.ts renders it.
    cm as (
      insert into chat_messages (conversation_id, user_id, direction, type, client_id, campaign_id, recipient_id, created_at)
      select distinct on (up.id) up.id, up.user_id, 'out', case when up.channel = 'whatsapp' then 'template' else 'text' end,
             'campaign:' || vc.recipient_id, vc.campaign_id, vc.recipient_id, coalesce(vc.sent_at, vc.at)
      from vc join up on up.user_id = vc.owner and up.channel = vc.channel and up.business_address = vc.address and up.customer_number = vc.number
      where vc.recipient_id is not null
        and coalesce(vc.sent_at, vc.at) >= coalesce((select x.created_at from chat_messages x where x.conversation_id = up.id order by x.id desc limit 1), '-infinity')
      order by up.id, vc.ord
      on conflict (conversation_id, client_id) do nothing
      returning id
    ),
    ins as (
      -- Ids are drawn in the order the rows come: the order the messages arrived in. The count of cm is read first
      -- (an aggregate ends before its first row goes on), so the campaign messages' ids come before their replies'.
      insert into chat_messages (conversation_id, user_id, direction, type, text, body, campaign_id, created_at)
      select up.id, vc.owner, 'in', vc.type, vc.text, vc.body, vc.campaign_id, vc.at
      from (select count(*) as n from cm) as cm_done
      cross join vc join up on up.user_id = vc.owner and up.channel = vc.channel and up.business_address = vc.address and up.customer_number = vc.number
      order by vc.ord
      returning *
    ),
    -- Each message with its place in the batch (ids follow it), to find its row of v again.
    insv as (select ins.*, row_number() over (order by ins.id) as ord from ins),
    -- AI agents' answers: nothing unless the account has an agent on the channel switched on and the conversation is
    -- not already people's (ai/reply-queue.ts, the same rule for a single message).
    ai as (
      insert into ai_reply_jobs (user_id, conversation_id, message_id)
      select up.user_id, up.id, i.id
      from insv i join vc on vc.ord = i.ord join up on up.id = i.conversation_id
      where vc.answerable
        and exists (select 1 from ai_agents a where a.user_id = up.user_id and a.enabled and a.channels ? up.channel)
        and not exists (select 1 from ai_conversations c where c.conversation_id = up.id and c.state = 'handed_off')
      on conflict do nothing
      returning message_id
    ),
    -- Workflow triggers (workflows/events.ts's rule): kept only where an active workflow listens for an inbound
    -- message or an AI intent, or a run waits for this contact's reply.
    wf as (
      insert into workflow_events (owner_id, kind, payload)
      select up.user_id, 'inbound', jsonb_build_object('channel', up.channel, 'to', up.business_address, 'from', up.customer_number, 'text', i.text,
               'messageId', i.id::text, 'conversationId', up.id, 'receivedAt', vc.received_at)
      from insv i join vc on vc.ord = i.ord join up on up.id = i.conversation_id
      where exists (select 1 from workflows w where w.owner_id = up.user_id and w.status = 'active' and w.trigger_kind in ('inbound', 'ai_intent'))
         or exists (select 1 from workflow_steps s where s.wait_for = up.user_id::text || '|' || up.customer_number and s.status = 'waiting')
      returning (payload->>'messageId')::bigint as message_id
    )
    select ins.id::float8 as id, ins.conversation_id, ins.user_id, ins.direction, ins.type, ins.text, ins.body, ins.client_id, ins.agent_id,
           ins.author_name, ins.status, ins.provider_message_id, ins.error, ins.campaign_id, ins.recipient_id, ins.created_at,
           up.id as c_id, up.user_id as c_user_id, up.channel as c_channel, up.customer_number as c_customer_number, up.customer_name as c_customer_name,
           up.business_address as c_business_address, up.status as c_status, up.assigned_agent_id as c_assigned_agent_id,
           up.last_inbound_at as c_last_inbound_at, up.last_message_at as c_last_message_at, up.last_message_text as c_last_message_text,
           up.unread_count as c_unread_count, up.resolved_at as c_resolved_at, up.campaign_id as c_campaign_id, up.created_at as c_created_at,
           up.sla_first_start as c_sla_first_start, up.sla_first_due as c_sla_first_due, up.sla_first_at as c_sla_first_at,
           up.sla_first_agent_id as c_sla_first_agent_id, up.sla_first_breached as c_sla_first_breached,
           up.sla_resolve_start as c_sla_resolve_start, up.sla_resolve_due as c_sla_resolve_due, up.sla_resolve_breached as c_sla_resolve_breached,
           up.sla_next_due as c_sla_next_due,
           exists (select 1 from ai where ai.message_id = ins.id) as ai_queued, exists (select 1 from wf where wf.message_id = ins.id) as triggered,
           (select coalesce(jsonb_agg(ct), '[]'::jsonb) from ct) as new_contacts
    from ins join up on up.id = ins.conversation_id
    order by ins.id`;
  const text = dialect.sqlToQuery(statement).sql;
  markHot(db, { getQuery: () => ({ sql: text }) });

  const webhooks = owned.some(({ ownerId }) => webhooksWanted(ownerId, "message.inbound"));
  // A STOP or START word may be a consent event, written with the messages (rare: the common batch stays one statement).
  const keywords = owned.some(({ event }) => keywordChanges(event.text).length > 0);
  // A new customer's contact is a contact.updated event where its owner (maybe the account's manager) subscribes.
  const contactHooks = anyWebhooksWanted("contact.updated");
  const rows =
    webhooks || keywords || contactHooks
      ? await db.transaction(async (tx) => {
          const written = await rowsOf<Row>(tx, statement);
          await writeConsentEvents(tx, keywordConsent(written, owned));
          if (contactHooks) await enqueueChatContacts(tx, written[0]?.new_contacts ?? []);
          if (!webhooks) return written;
          await enqueueWebhookEvents(
            tx,
            written.map((r, i) => {
              const { event } = owned[i] as (typeof owned)[number];
              return {
                ownerId: r.user_id,
                type: "message.inbound" as const,
                data: {
                  messageId: String(r.id),
                  conversationId: r.conversation_id,
                  channel: event.channel,
                  from: event.from,
                  to: event.to,
                  text: event.text,
                  ...(event.mediaUrl ? { mediaUrl: event.mediaUrl } : {}),
                  ...(r.campaign_id ? { campaignId: r.campaign_id } : {}),
                  receivedAt: event.at.toISOString(),
                },
              };
            }),
          );
          return written;
        })
      : await rowsOf<Row>(db, statement);
  if (rows.length !== owned.length) throw new Error("chat message insert returned a different number of rows");
  return rows.map((r) => ({
    conversation: conversationOf(r),
    message: messageOf(r),
    aiQueued: r.ai_queued,
    triggered: r.triggered,
  }));
}
