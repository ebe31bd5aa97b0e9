// The inbound write of a batch (services/chats/inbound.ts, one statement): every message stored and answered in the
// order it came, its conversation opened or reopened with exact unread counts and the latest preview, and AI answers
// and workflow triggers queued per message by the same rules as for a single one.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { businessAddresses } from "../services/chats/addresses";
import { receiveInbound, type Inbound } from "../services/chats/inbound";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let owner = "";
let address = "";
beforeAll(async () => {
  // Jobs tick rarely, so the queued rows are read before a job takes them.
  server = await startServer({ jobIntervalMs: 3_600_000 });
  owner = await server.id("manager");
  address = (await businessAddresses(server.database.db, owner)).find((a) => a.channel === "whatsapp")?.address ?? "";
});
afterAll(async () => server?.close());

const A = "+917300000001";
const B = "+917300000002";
const C = "+917300000003";
const start = Date.parse("2026-11-20T10:00:00.000Z");
const inbound = (from: string, text: string, second: number, mediaUrl?: string): Inbound => ({
  type: "inbound",
  channel: "whatsapp",
  from,
  to: address,
  text,
  at: new Date(start + second * 1000),
  ...(mediaUrl ? { mediaUrl } : {}),
});

describe("a batch of inbound messages", () => {
  it("stores and answers them in order, reopens and counts per conversation, and queues AI answers and triggers per message", async () => {
    const { db } = server.database;
    // A wrote before and the conversation was resolved; C's is people's (its AI agent handed it off).
    const [before] = await receiveInbound(db, [inbound(A, "earlier", 0), inbound(C, "hi", 1)]);
    const [cEarlier] = await receiveInbound(db, [inbound(C, "still there?", 2)]);
    await db.execute(
      sql`update conversations set status = 'resolved', resolved_at = now(), unread_count = 1 where id = ${before?.conversation.id}`,
    );
    const [agent] = await rowsOf<{ id: string }>(
      db,
      sql`
      insert into ai_agents (user_id, name, channels, handoff) values (${owner}, 'Batch bot', '["whatsapp"]'::jsonb, '{}'::jsonb) returning id`,
    );
    await db.execute(sql`
      insert into ai_conversations (conversation_id, user_id, agent_id, state) values (${cEarlier?.conversation.id}, ${owner}, ${agent?.id}, 'handed_off')`);

    const batch = [
      inbound(A, "first", 10),
      inbound(B, "", 11, "https://example.com/p.jpg"),
      inbound(A, "   ", 12),
      inbound(C, "hello", 13),
      inbound(A, "last", 14),
    ];
    const received = await receiveInbound(db, [...batch, { ...inbound(A, "nobody's", 15), to: "no-such-address" }]);

    // In the order they came, ids rising, the address nobody owns left out.
    expect(received.map((r) => r.message.text)).toEqual(["first", "", "   ", "hello", "last"]);
    const ids = received.map((r) => r.message.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(received.map((r) => r.message.createdAt.toISOString())).toEqual(batch.map((e) => e.at.toISOString()));
    expect(received[1]?.message).toMatchObject({
      type: "image",
      body: { mediaUrl: "https://example.com/p.jpg" },
      direction: "in",
    });
    // AI answers: a text with words, on a conversation that is not people's.
    expect(received.map((r) => r.aiQueued)).toEqual([true, false, false, false, true]);
    // No workflow listens yet: no trigger written.
    expect(received.map((r) => r.triggered)).toEqual([false, false, false, false, false]);

    const a = received[4]?.conversation;
    expect(a).toMatchObject({
      id: before?.conversation.id,
      status: "open",
      resolvedAt: null,
      unreadCount: 4,
      lastMessageText: "last",
    });
    expect(a?.lastInboundAt?.toISOString()).toBe(batch[4]?.at.toISOString());
    expect(received[1]?.conversation).toMatchObject({
      customerNumber: B,
      unreadCount: 1,
      lastMessageText: "📷 Photo",
      status: "open",
    });
    const stored = await rowsOf<{ text: string }>(
      db,
      sql`select text from chat_messages where conversation_id = ${a?.id} order by id`,
    );
    expect(stored.map((r) => r.text)).toEqual(["earlier", "first", "   ", "last"]);
    const [row] = await rowsOf<{ unread_count: number; status: string }>(
      db,
      sql`select unread_count, status from conversations where id = ${a?.id}`,
    );
    expect(row).toEqual({ unread_count: 4, status: "open" });
    const jobs = await rowsOf<{ message_id: string }>(
      db,
      sql`select message_id::text from ai_reply_jobs order by message_id`,
    );
    expect(jobs.map((j) => Number(j.message_id))).toEqual([received[0]?.message.id, received[4]?.message.id]);

    // An active workflow on inbound messages: every message is a trigger event, with the message's details.
    await db.execute(sql`
      insert into workflows (owner_id, name, draft, status, trigger_kind, webhook_secret)
      values (${owner}, 'Batch flow', '{}'::jsonb, 'active', 'inbound', 'batch-secret')`);
    const next = await receiveInbound(db, [inbound(B, "one", 20), inbound(A, "two", 21)]);
    expect(next.map((r) => r.triggered)).toEqual([true, true]);
    const events = await rowsOf<{ kind: string; payload: Record<string, string> }>(
      db,
      sql`
      select kind, payload from workflow_events where owner_id = ${owner} order by id`,
    );
    expect(events).toEqual(
      next.map((r, i) => ({
        kind: "inbound",
        payload: {
          channel: "whatsapp",
          to: address,
          from: r.conversation.customerNumber,
          text: ["one", "two"][i],
          messageId: String(r.message.id),
          conversationId: r.conversation.id,
          receivedAt: r.message.createdAt.toISOString(),
        },
      })),
    );
  });
});
