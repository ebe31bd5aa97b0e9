// AI agents answering in the inbox, against the real server: a customer's message through the simulated phone is
// answered from the agent's knowledge with a note citing the passage; hand-off rules (asked for a person, low
// confidence, outside the knowledge, an intent handled by people, business hours); scopes (unassigned, keyword); a
// conversation people work in stays theirs; the WhatsApp window; the durable queue (a stopped job loses nothing) and
// retries that send nothing twice; every answer logged with intent, confidence and sources.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiAnswers, aiConversations, aiReplyJobs, chatMessages, conversations } from "../db/schema";
import { aiReplyJob } from "../jobs/ai-replies";
import { startClaimLoop } from "../db/claim-loop";
import { answerInbound } from "../services/ai/conversation-reply";
import { AI_REPLY_JOB } from "../services/ai/reply-queue";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
// The demo seed (a 10,000-message conversation) takes long on a busy machine.
beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 200 });
}, 240_000);
afterAll(async () => server?.close());

const FLOW = "/api/flow/v1";
type Json = Record<string, unknown>;
const body = <T = Json>(res: { json: () => unknown }) => res.json() as T;
const call = (as: DemoName, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Json) =>
  server.call({ method, url, as, ...(payload ? { payload } : {}) });

interface Message {
  _id: string;
  direction: "in" | "out" | "note";
  text: string;
  authorName: string;
  clientId: string | null;
}

let whatsapp = "";
let sms = "";
let numberSeq = 0;
const nextNumber = () => `+9198765${String(43000 + (numberSeq += 1)).padStart(5, "0")}`;

async function until<T>(check: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function say(number: string, text: string, channel: "whatsapp" | "sms" = "whatsapp") {
  const res = await call("manager", "POST", "/api/v1/sandbox/phone/messages", {
    channel,
    address: channel === "whatsapp" ? whatsapp : sms,
    number,
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function conversationId(number: string): Promise<string> {
  return until(
    async () =>
      body<{ data: { _id: string; customerNumber: string }[] }>(
        await call("manager", "GET", `/api/v1/chats?q=${encodeURIComponent(number)}`),
      ).data.find((c) => c.customerNumber === number)?._id,
  );
}

const messagesOf = async (chatId: string) =>
  body<{ data: Message[] }>(await call("manager", "GET", `/api/v1/chats/${chatId}/messages?limit=200`)).data;

/** Waits until the AI has logged a decision on the conversation's latest customer message, then returns the thread. */
async function answered(
  number: string,
  inbound: number,
): Promise<{ chatId: string; thread: Message[]; log: typeof aiAnswers.$inferSelect }> {
  const chatId = await conversationId(number);
  const log = await until(async () => {
    const rows = await server.database.db
      .select()
      .from(aiAnswers)
      .where(eq(aiAnswers.conversationId, chatId))
      .orderBy(aiAnswers.id);
    return rows.length >= inbound ? rows[inbound - 1] : undefined;
  });
  return { chatId, thread: await messagesOf(chatId), log };
}

/** Lets the queue drain and says whether anything was answered since. */
async function settle(): Promise<void> {
  await until(
    async () =>
      (await server.database.db.select({ id: aiReplyJobs.id }).from(aiReplyJobs)).length === 0 &&
      (await server.app.jobs.get(AI_REPLY_JOB)?.tick()) === 0,
  );
}

let orderAgent = "";

beforeAll(async () => {
  const addresses = body<{ data: { channel: string; address: string }[] }>(
    await call("manager", "GET", "/api/v1/sandbox/phone/addresses"),
  ).data;
  whatsapp = addresses.find((a) => a.channel === "whatsapp")?.address ?? "";
  sms = addresses.find((a) => a.channel === "sms")?.address ?? "";
  const res = await call("manager", "POST", `${FLOW}/marketplace/order-status/install`, { channels: ["whatsapp"] });
  expect(res.statusCode, res.body).toBe(201);
  orderAgent = body<{ data: { _id: string } }>(res).data._id;
}, 60_000);

describe("an agent answering customers", () => {
  it("answers from its knowledge, cites the passage in a note for the team, and logs intent, confidence and sources", async () => {
    const number = nextNumber();
    await say(number, "How long does delivery take to Pune?");
    const { thread, log } = await answered(number, 1);
    const reply = thread.find((m) => m.direction === "out");
    expect(reply?.text).toMatch(/2 to 3 working days|4 to 7 working days/);
    expect(reply?.authorName).toBe("Order status assistant (AI)");
    const note = thread.find((m) => m.direction === "note");
    expect(note?.text).toMatch(/intent shipping_info/);
    expect(note?.text).toMatch(/Source: “Delivery times and charges”/);
    expect(log).toMatchObject({ outcome: "answered", intent: "shipping_info", engine: "rules", agentId: orderAgent });
    expect(log.confidence).toBeGreaterThan(0.4);
    expect(log.sources).toEqual([expect.objectContaining({ title: "Delivery times and charges" })]);
    // The customer sees the answer on the simulated phone, never the note.
    const phone = body<{ data: { direction: string; text: string }[] }>(
      await call(
        "manager",
        "GET",
        `/api/v1/sandbox/phone/messages?channel=whatsapp&address=${whatsapp}&number=${encodeURIComponent(number)}`,
      ),
    ).data;
    expect(phone.map((m) => m.direction)).toEqual(["in", "out"]);
  });

  it("greets with the intent's fixed reply, filled with the agent and company", async () => {
    const number = nextNumber();
    await say(number, "hello there");
    const { thread, log } = await answered(number, 1);
    expect(thread.find((m) => m.direction === "out")?.text).toBe(
      "Hello! I'm Order status assistant, the virtual assistant of Your Shop. How can I help you today?",
    );
    expect(log).toMatchObject({ intent: "greeting", outcome: "answered" });
  });

  it("hands over when asked for a person: a message to the customer, a note to the team, then stays quiet", async () => {
    const number = nextNumber();
    await say(number, "Where is my order? It was supposed to come yesterday");
    await answered(number, 1);
    await say(number, "This is useless, I want to talk to a human");
    const { chatId, thread, log } = await answered(number, 2);
    expect(log).toMatchObject({ outcome: "handoff", reason: "requested" });
    expect(thread.filter((m) => m.direction === "out").at(-1)?.text).toMatch(
      /connecting you with a member of our team/,
    );
    expect(thread.filter((m) => m.direction === "note").at(-1)?.text).toMatch(
      /handed this conversation to the team: the customer asked for a person \(the message names “human”/,
    );
    const [state] = await server.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.conversationId, chatId));
    expect(state).toMatchObject({ state: "handed_off", reason: "requested" });
    // The team's bells ask for a person: the owner's and its live agent's, leading to the conversation; another
    // tenant's stays quiet.
    for (const who of ["manager", "agent"] as const) {
      const bell = body<{ data: { kind: string; title: string; body: string; link: string }[] }>(
        await call(who, "GET", "/api/v1/notifications?limit=100"),
      ).data;
      expect(bell.find((n) => n.kind === "handoff" && n.link === `chats?chat=${chatId}`)).toMatchObject({
        title: `${number} needs a person`,
        body: "Order status assistant handed the conversation to the team: the customer asked for a person.",
      });
    }
    expect(
      body<{ data: { link: string | null }[] }>(
        await call("globex", "GET", "/api/v1/notifications?limit=100"),
      ).data.filter((n) => n.link?.includes(chatId)),
    ).toEqual([]);
    const conversation = body<{ data: { unreadCount: number } }>(
      await call("manager", "GET", `/api/v1/chats/${chatId}`),
    ).data;
    expect(conversation.unreadCount).toBeGreaterThan(0);
    // Now it is people's: the next message is not queued, not answered.
    await say(number, "hello??");
    await until(async () => (await messagesOf(chatId)).filter((m) => m.direction === "in").length === 3);
    await settle();
    expect((await messagesOf(chatId)).filter((m) => m.direction === "out")).toHaveLength(2);
  });

  it("hands over when it is not sure, and when its knowledge has no answer", async () => {
    const unsure = nextNumber();
    await say(unsure, "what is the capital of Australia");
    const low = await answered(unsure, 1);
    expect(low.log).toMatchObject({ outcome: "handoff", reason: "low-confidence" });
    expect(low.log.confidence).toBeLessThan(0.4);
    expect(low.thread.find((m) => m.direction === "note")?.text).toMatch(/it was not sure what the customer meant/);

    // An intent it is sure of, whose passages were removed: outside what its knowledge answers.
    const entries = body<{ data: { _id: string; title: string }[] }>(
      await call("manager", "GET", `${FLOW}/knowledge?agentId=${orderAgent}&limit=50`),
    ).data;
    const payment = entries.find((e) => e.title === "Payment options");
    expect((await call("manager", "DELETE", `${FLOW}/knowledge/${payment?._id}`)).statusCode).toBe(200);
    const outside = nextNumber();
    await say(outside, "can I pay with UPI");
    const scope = await answered(outside, 1);
    expect(scope.log).toMatchObject({ outcome: "handoff", reason: "out-of-scope", intent: "payment_methods" });
  });

  it("tells the customer when the team is back outside business hours", async () => {
    const agent = body<{ data: { handoff: Json } }>(await call("manager", "GET", `${FLOW}/agents/${orderAgent}`)).data;
    // A one-hour window twelve hours away from now, every day: now is outside it.
    const hour = (new Date().getUTCHours() + 12) % 24;
    const hh = (h: number) => `${String(h).padStart(2, "0")}:00`;
    const hours = {
      enabled: true,
      timezone: "UTC",
      days: [0, 1, 2, 3, 4, 5, 6],
      start: hh(hour),
      end: hh((hour + 1) % 24),
    };
    expect(
      (
        await call("manager", "PUT", `${FLOW}/agents/${orderAgent}`, {
          handoff: { ...agent.handoff, businessHours: hours },
        })
      ).statusCode,
    ).toBe(200);
    const number = nextNumber();
    await say(number, "connect me to an agent please");
    const { thread } = await answered(number, 1);
    expect(thread.find((m) => m.direction === "out")?.text).toContain(
      `Our team is available Every day ${hh(hour)}–${hh((hour + 1) % 24)} (UTC) and will reply then.`,
    );
    await call("manager", "PUT", `${FLOW}/agents/${orderAgent}`, {
      handoff: { ...agent.handoff, businessHours: { ...hours, enabled: false } },
    });
  });
});

describe("which conversations an agent takes", () => {
  it("leaves a conversation a person answered within the day, and one assigned to a live agent (unassigned scope)", async () => {
    const number = nextNumber();
    await say(number, "hi");
    const { chatId } = await answered(number, 1);
    // A person writes in it: the agent lets go.
    const sent = await call("manager", "POST", `/api/v1/chats/${chatId}/messages`, {
      clientId: "person-1",
      messageType: "text",
      text: "Hi, Asha here, let me check",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await say(number, "where is my order");
    await until(async () => (await messagesOf(chatId)).filter((m) => m.direction === "in").length === 2);
    await settle();
    expect((await messagesOf(chatId)).filter((m) => m.clientId?.startsWith("ai:"))).toHaveLength(1);
    const [state] = await server.database.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.conversationId, chatId));
    expect(state).toMatchObject({ state: "handed_off", reason: "a person replied" });

    const assigned = nextNumber();
    await say(assigned, "hi there");
    const first = await answered(assigned, 1);
    const agents = body<{ data: { _id: string }[] }>(
      await call("manager", "GET", "/api/agents/search?searchTerm=Asha"),
    ).data;
    expect(
      (await call("manager", "POST", `/api/v1/chats/${first.chatId}/assign`, { agentId: agents[0]._id })).statusCode,
    ).toBe(200);
    await say(assigned, "how long does delivery take");
    await until(async () => (await messagesOf(first.chatId)).filter((m) => m.direction === "in").length === 2);
    await settle();
    expect((await messagesOf(first.chatId)).filter((m) => m.clientId?.startsWith("ai:"))).toHaveLength(1);
  });

  it("takes on a keyword scope only conversations that name a keyword, on its own channel", async () => {
    const created = await call("manager", "POST", `${FLOW}/agents`, {
      name: "Refund desk",
      channels: ["sms"],
      scope: "keyword",
      scopeKeywords: ["refund"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ data: { _id: string } }>(created).data._id;
    await call("manager", "POST", `${FLOW}/knowledge`, {
      title: "Refund times",
      kind: "text",
      content: "Refunds reach your account within 5 working days.",
      agentId: id,
    });
    const other = nextNumber();
    await say(other, "what time do you open", "sms");
    const otherChat = await conversationId(other);
    await settle();
    expect((await messagesOf(otherChat)).filter((m) => m.direction === "out")).toHaveLength(0);
    const refund = nextNumber();
    await say(refund, "when do I get my refund", "sms");
    const { thread, log } = await answered(refund, 1);
    expect(log).toMatchObject({ agentName: "Refund desk", outcome: "answered" });
    expect(thread.find((m) => m.direction === "out")?.text).toBe("Refunds reach your account within 5 working days.");
  });
});

describe("the queue", () => {
  it("keeps a customer's message queued while no job runs, and answers it once a loop runs again", async () => {
    const loop = server.app.jobs.get(AI_REPLY_JOB);
    await loop?.stop();
    const number = nextNumber();
    await say(number, "do you deliver on Sundays");
    const chatId = await conversationId(number);
    const [queued] = await until(async () => {
      const rows = await server.database.db.select().from(aiReplyJobs).where(eq(aiReplyJobs.conversationId, chatId));
      return rows.length ? rows : undefined;
    });
    expect(queued.attempts).toBe(0);
    expect((await messagesOf(chatId)).filter((m) => m.direction === "out")).toHaveLength(0);
    // A new loop, as a restarted process would start.
    const app = server.app;
    const job = aiReplyJob(
      server.database.db,
      { db: server.database.db, carrier: app.carrier, io: app.io, ai: app.routeContext.config.ai, log: app.log },
      { leaseMs: 60_000 },
    );
    const again = startClaimLoop(server.database.db, job, { intervalMs: 200, batch: 20, log: app.log });
    app.jobs.set(AI_REPLY_JOB, again);
    const { log } = await answered(number, 1);
    expect(log.intent).toBe("shipping_info");
    expect(await server.database.db.select().from(aiReplyJobs).where(eq(aiReplyJobs.conversationId, chatId))).toEqual(
      [],
    );
  });

  it("sends nothing twice when a job runs again, and skips an answer the WhatsApp window no longer allows", async () => {
    const number = nextNumber();
    await say(number, "can I cancel my order");
    const { chatId, log } = await answered(number, 1);
    const app = server.app;
    const deps = {
      db: server.database.db,
      carrier: app.carrier,
      io: app.io,
      ai: app.routeContext.config.ai,
      log: app.log,
    };
    const [inbound] = await server.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, chatId), eq(chatMessages.direction, "in")));
    await answerInbound(deps, { userId: log.userId, conversationId: chatId, messageId: inbound.id });
    expect((await messagesOf(chatId)).filter((m) => m.direction !== "in")).toHaveLength(2);
    expect(await server.database.db.select().from(aiAnswers).where(eq(aiAnswers.conversationId, chatId))).toHaveLength(
      1,
    );

    // The customer's last message two days ago (the job held up that long): free text may not go out, the answer is
    // logged as skipped.
    await server.app.jobs.get(AI_REPLY_JOB)?.stop();
    await say(number, "how do I pay");
    await until(async () => (await messagesOf(chatId)).filter((m) => m.direction === "in").length === 2);
    const [second] = await server.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, chatId), eq(chatMessages.direction, "in")))
      .orderBy(sql`${chatMessages.id} desc`)
      .limit(1);
    await server.database.db
      .update(conversations)
      .set({ lastInboundAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(conversations.id, chatId));
    const before = (await messagesOf(chatId)).filter((m) => m.direction === "out").length;
    await answerInbound(deps, { userId: log.userId, conversationId: chatId, messageId: second.id });
    const [skipped] = await server.database.db.select().from(aiAnswers).where(eq(aiAnswers.messageId, second.id));
    expect(skipped).toMatchObject({ outcome: "skipped" });
    expect(skipped.reason).toMatch(/24 hours/);
    expect((await messagesOf(chatId)).filter((m) => m.direction === "out")).toHaveLength(before);
  });

  it("lists the agent's answers with intent, confidence and sources, and another tenant none", async () => {
    const res = await call("manager", "GET", `${FLOW}/agents/${orderAgent}/answers?limit=50`);
    expect(res.statusCode, res.body).toBe(200);
    const log = body<{
      data: { outcome: string; intent: string | null; customerNumber: string | null; sources: Json[] }[];
      count: number;
    }>(res);
    expect(log.count).toBeGreaterThanOrEqual(8);
    expect(log.data.some((a) => a.outcome === "handoff")).toBe(true);
    expect(log.data.find((a) => a.intent === "shipping_info")?.sources.length).toBeGreaterThan(0);
    expect((await call("globex", "GET", `${FLOW}/agents/${orderAgent}/answers`)).statusCode).toBe(404);
    const stats = body<{ data: { stats: { answered: number; handedOff: number } } }>(
      await call("manager", "GET", `${FLOW}/agents/${orderAgent}`),
    ).data.stats;
    expect(stats.answered).toBeGreaterThan(0);
    expect(stats.handedOff).toBeGreaterThan(0);
  });
});

describe("the playground", () => {
  it("answers a tester with the intent and passages it used, sending nothing", async () => {
    const res = await call("manager", "POST", `${FLOW}/agents/${orderAgent}/playground`, {
      message: "I got a damaged product, can I get a replacement?",
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = body<{
      data: { outcome: string; intent: string; reply: string; sources: { title: string }[]; top: { intent: string }[] };
    }>(res).data;
    expect(answer).toMatchObject({ outcome: "answered", intent: "refund_return" });
    expect(answer.reply).toMatch(/replaced free of charge/);
    expect(answer.sources[0].title).toBe("Returns and refunds");
    expect(answer.top).toHaveLength(3);
    expect(
      (await call("globex", "POST", `${FLOW}/agents/${orderAgent}/playground`, { message: "hi" })).statusCode,
    ).toBe(404);
  });
});
