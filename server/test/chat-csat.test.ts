// CSAT surveys on resolve (issue 40 item 6): the setting (the owner's; bad input changes nothing), the survey each
// channel gets on resolve through the carrier (or the log line saying why none), an answer captured once without
// reopening the conversation, and the figures.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Carrier, OutboundMessage } from "../carriers/carrier";
import { matchesDltTemplate } from "../../contract/domain/sms";
import { rowsOf } from "../db/sql";
import { businessAddresses } from "../services/chats/addresses";
import { sendCsatSurvey } from "../services/chats/csat";
import { receiveInbound } from "../services/chats/inbound";
import type { ConversationRow } from "../services/chats/records";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let owner = "";
let serial = 0;
const db = () => server.database.db;
const address: Record<string, string> = {};
const HOUR = 3_600_000;
const SEEDED_SURVEY =
  "Thank you for contacting {#var#}. How did we do? Reply with a number from 1 (poor) to 5 (great).";

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  owner = await server.id("manager");
  for (const a of await businessAddresses(db(), owner)) address[a.channel] ??= a.address;
});
afterAll(async () => server?.close());

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  question: "How did we do?",
  whatsappTemplate: null,
  smsDltTemplateId: null,
  ...over,
});
const put = (as: "manager" | "agent", payload: Record<string, unknown>) =>
  server.call({ method: "PUT", url: "/api/v1/chats/csat", as, payload });
const number = () => {
  serial += 1;
  return `+9188${String(Date.now() % 1_000_000).padStart(6, "0")}${String(serial).padStart(2, "0")}`;
};

/** A number the sandbox reaches on RCS (its RCS-capable share is drawn per number). */
async function rcsNumber(): Promise<string> {
  const carrier = (server.app as unknown as { carrier: Carrier }).carrier;
  for (;;) {
    const n = number();
    if ((await carrier.checkCapability({ channel: "rcs", to: n })).capable) return n;
  }
}

/** A customer's message on `channel`, `hoursAgo` hours ago, in a new conversation; answers its id and number. */
async function customerWrote(channel: string, hoursAgo = 0, given?: string, text = "Where is my order?") {
  const from = given ?? (channel === "rcs" ? await rcsNumber() : number());
  const [got] = await receiveInbound(db(), [
    { type: "inbound", channel, from, to: address[channel] ?? "", text, at: new Date(Date.now() - hoursAgo * HOUR) },
  ] as Parameters<typeof receiveInbound>[1]);
  return { id: got?.conversation.id ?? "", from };
}
const conversation = async (id: string) =>
  (
    await rowsOf<{ status: string; unread_count: number }>(
      db(),
      sql`select status, unread_count from conversations where id = ${id}`,
    )
  )[0];
const events = (id: string) =>
  rowsOf<{ kind: string; actor: string; note: string }>(
    db(),
    sql`select kind, actor, note from conversation_events where conversation_id = ${id} and kind like 'csat%' order by id`,
  );
const surveys = (id: string) =>
  rowsOf<{ channel: string; answer: number | null }>(
    db(),
    sql`select channel, answer from csat_surveys where conversation_id = ${id} order by sent_at`,
  );
const resolve = (id: string) => server.call({ method: "POST", url: `/api/v1/chats/${id}/resolve`, as: "manager" });
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}

describe("CSAT settings", () => {
  it("the owner reads and saves them; an agent may not; bad input changes nothing", async () => {
    const get = (as: "manager" | "agent") => server.call({ method: "GET", url: "/api/v1/chats/csat", as });
    expect((await get("manager")).json().data).toMatchObject({ enabled: false, whatsappTemplate: null });
    expect((await get("agent")).statusCode).toBe(403);
    expect((await put("agent", settings())).statusCode).toBe(403);
    const good = settings({ whatsappTemplate: " csat_survey ", smsDltTemplateId: "1107160000000000001" });
    expect((await put("manager", good)).statusCode).toBe(200);
    const bad: [string, Record<string, unknown>][] = [
      ["no question", settings({ question: "" })],
      ["blank question", settings({ question: "   " })],
      ["question too long", settings({ question: "q".repeat(1025) })],
      ["enabled not boolean", settings({ enabled: "yes" })],
      ["unknown field", settings({ extra: 1 })],
      ["empty template name", settings({ whatsappTemplate: "" })],
      ["missing field", { enabled: true, question: "Q" }],
    ];
    for (const [name, payload] of bad) expect((await put("manager", payload)).statusCode, name).toBe(400);
    expect((await get("manager")).json().data).toEqual({ ...good, whatsappTemplate: "csat_survey" });
  });
});

describe("survey on resolve", () => {
  it("goes per channel through the carrier, stores a survey row and a log line; off sends nothing", async () => {
    const carrier = (server.app as unknown as { carrier: Carrier }).carrier;
    const send = vi.spyOn(carrier, "send");
    await put("manager", settings({ enabled: false }));
    const off = await customerWrote("whatsapp");
    expect((await resolve(off.id)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await surveys(off.id)).toEqual([]);
    expect(send.mock.calls.filter(([m]) => m.id.startsWith("csat-"))).toEqual([]);

    await put("manager", settings());
    const table: [string, number, (m: OutboundMessage) => void, string][] = [
      [
        "whatsapp",
        1,
        (m) =>
          expect(m.content).toEqual({
            kind: "interactive",
            body: "How did we do?",
            buttons: [
              { id: "csat:1", title: "Poor" },
              { id: "csat:3", title: "Okay" },
              { id: "csat:5", title: "Great" },
            ],
          }),
        "WhatsApp reply buttons",
      ],
      [
        "rcs",
        0,
        (m) =>
          expect(m.content).toMatchObject({
            kind: "rcs",
            draft: { type: "text", textMessageContent: "How did we do?" },
          }),
        "RCS suggested replies",
      ],
      [
        "sms",
        0,
        (m) =>
          expect(m.content).toEqual({
            kind: "text",
            text: expect.stringMatching(/^How did we do\? Reply with a number/),
          }),
        "SMS, reply 1-5",
      ],
    ];
    for (const [channel, hoursAgo, check, note] of table) {
      const c = await customerWrote(channel, hoursAgo);
      expect((await resolve(c.id)).statusCode, channel).toBe(200);
      const log = await until(
        () => events(c.id),
        (e) => e.length > 0,
      );
      expect(log, channel).toEqual([{ kind: "csat_sent", actor: "csat", note }]);
      expect(await surveys(c.id)).toEqual([{ channel, answer: null }]);
      const sent = send.mock.calls.map(([m]) => m).filter((m) => m.id.startsWith("csat-") && m.to === c.from);
      expect(sent).toHaveLength(1);
      check(sent[0]!);
    }
    send.mockRestore();
  });

  it("WhatsApp outside the window: the named template, else none and the log says why", async () => {
    await put("manager", settings());
    const none = await customerWrote("whatsapp", 30);
    expect((await resolve(none.id)).statusCode).toBe(200);
    expect(
      await until(
        () => events(none.id),
        (e) => e.length > 0,
      ),
    ).toEqual([{ kind: "csat_not_sent", actor: "csat", note: expect.stringContaining("more than 24 hours ago") }]);
    expect(await surveys(none.id)).toEqual([]);
  });

  it("a DLT route takes only the named DLT template; a refusal is a log line and no survey row", async () => {
    const sent: OutboundMessage[] = [];
    const fake = (accept: boolean): Carrier =>
      ({
        describeSender: async () => ({ idempotentSends: true, dltTemplates: true }),
        send: async (m: OutboundMessage) => {
          sent.push(m);
          return accept
            ? { accepted: true, providerMessageId: "p1" }
            : { accepted: false, code: "x", reason: "Template not registered", retryable: false };
        },
      }) as unknown as Carrier;
    const row = async (id: string) =>
      (await rowsOf<ConversationRow>(db(), sql`select * from conversations where id = ${id}`)).map((r) => ({
        ...r,
        id: String((r as unknown as { id: string }).id),
        userId: (r as unknown as { user_id: string }).user_id,
        channel: "sms",
        businessAddress: (r as unknown as { business_address: string }).business_address,
        customerNumber: (r as unknown as { customer_number: string }).customer_number,
        assignedAgentId: null,
        lastInboundAt: new Date(),
      }))[0] as ConversationRow;
    await put("manager", settings());
    const a = await customerWrote("sms");
    await sendCsatSurvey({ db: db(), carrier: fake(true) }, await row(a.id));
    expect(await events(a.id)).toEqual([
      { kind: "csat_not_sent", actor: "csat", note: expect.stringContaining("DLT route") },
    ]);
    expect(sent).toEqual([]);
    // The demo's registered survey template (server/seed-sms.ts): its text goes, not our question.
    await put("manager", settings({ smsDltTemplateId: "1107160000000000005" }));
    const b = await customerWrote("sms");
    await sendCsatSurvey({ db: db(), carrier: fake(true) }, await row(b.id));
    expect(sent[0]?.content).toMatchObject({ kind: "text", dltTemplateId: "1107160000000000005" });
    const text = (sent[0]?.content as { text: string }).text;
    expect(matchesDltTemplate(SEEDED_SURVEY, text)).toBe(true);
    expect(text).not.toContain("{#var#}");
    expect(await events(b.id)).toEqual([{ kind: "csat_sent", actor: "csat", note: "SMS DLT template" }]);
    const c = await customerWrote("sms");
    await sendCsatSurvey({ db: db(), carrier: fake(false) }, await row(c.id));
    expect(await events(c.id)).toEqual([
      { kind: "csat_not_sent", actor: "csat", note: "Survey not sent: Template not registered" },
    ]);
    expect(await surveys(c.id)).toEqual([]);
  });
});

describe("answers", () => {
  it("an answer counts once, stays resolved with no new unread; a second message is ordinary", async () => {
    await put("manager", settings());
    const table: [string, string, number][] = [
      ["whatsapp", "Great", 5],
      ["rcs", "2", 2],
      ["sms", " 4. ", 4],
    ];
    for (const [channel, text, score] of table) {
      const c = await customerWrote(channel);
      await resolve(c.id);
      await until(
        () => events(c.id),
        (e) => e.length > 0,
      );
      const before = await conversation(c.id);
      await customerWrote(channel, 0, c.from, text);
      expect(await surveys(c.id), channel).toEqual([{ channel, answer: score }]);
      expect(await conversation(c.id), channel).toEqual({ ...before, status: "resolved" });
      expect((await events(c.id)).at(-1)).toEqual({ kind: "csat_answered", actor: "customer", note: String(score) });
      await customerWrote(channel, 0, c.from, "1");
      expect(await surveys(c.id), channel).toEqual([{ channel, answer: score }]);
      expect((await conversation(c.id))?.status, channel).toBe("open");
    }
  });

  it("a word that is not an answer reopens the conversation; the survey stays unanswered", async () => {
    await put("manager", settings());
    const c = await customerWrote("whatsapp");
    await resolve(c.id);
    await until(
      () => events(c.id),
      (e) => e.length > 0,
    );
    await customerWrote("whatsapp", 0, c.from, "Thanks, but the parcel is damaged");
    expect(await surveys(c.id)).toEqual([{ channel: "whatsapp", answer: null }]);
    expect((await conversation(c.id))?.status).toBe("open");
  });
});

describe("figures", () => {
  it("the wallboard's CSAT today and the agent's monitor average the answers given", async () => {
    const board = async () =>
      (await server.call({ method: "GET", url: "/api/v1/chats/wallboard", as: "manager" })).json().data.csatToday;
    await put("manager", settings({ enabled: false }));
    expect(await board()).toBeNull();
    await put("manager", settings());
    const before = (await board()) as { average: number | null; responses: number };
    const [agent] = await rowsOf<{ id: string }>(
      db(),
      sql`select a.id::text as id from live_agents a join users u on u.id = a.user_id where a.owner_id = ${owner}
        and a.status = 'active' order by a.created_at limit 1`,
    );
    const metrics = async () =>
      (
        await server.call({
          method: "GET",
          url: `/api/live-agent/monitoring/metrics/agent/${agent!.id}?period=day`,
          as: "manager",
        })
      ).json().data as { csatAverage: number | null; csatResponses: number };
    const mine = await metrics();
    for (const text of ["Great", "Poor"]) {
      const c = await customerWrote("whatsapp");
      const assigned = await server.call({
        method: "POST",
        url: `/api/v1/chats/${c.id}/assign`,
        as: "manager",
        payload: { agentId: agent!.id },
      });
      expect(assigned.statusCode).toBe(200);
      await resolve(c.id);
      await until(
        () => events(c.id),
        (e) => e.length > 0,
      );
      await customerWrote("whatsapp", 0, c.from, text);
    }
    const after = (await board()) as { average: number | null; responses: number };
    expect(after.responses).toBe(before.responses + 2);
    const sum = (before.average ?? 0) * before.responses + 6;
    expect(after.average).toBeCloseTo(Math.round((sum / after.responses) * 10) / 10, 1);
    const now = await metrics();
    expect(now.csatResponses).toBe(mine.csatResponses + 2);
    if (mine.csatResponses === 0) expect(now.csatAverage).toBe(3);
  });
});

describe("the survey in the thread, and answers from buttons and postbacks", () => {
  const thread = (id: string) =>
    rowsOf<{ direction: string; client_id: string | null; author_name: string; text: string }>(
      db(),
      sql`select direction, client_id, author_name, text from chat_messages
        where conversation_id = ${id} and client_id like 'csat%' order by id`,
    );
  /** The customer taps (or types) an answer: text and the provider's payload (button id, postback). */
  async function answer(channel: string, from: string, text: string, payload?: string) {
    const heard: { score: number; clientId: string | null }[] = [];
    const got = await receiveInbound(
      db(),
      [{ type: "inbound", channel, from, to: address[channel] ?? "", text, payload, at: new Date() }] as Parameters<
        typeof receiveInbound
      >[1],
      (a) => heard.push({ score: a.score, clientId: a.message.clientId }),
    );
    return { got, heard };
  }

  it.each<[string, string, string | undefined, number, RegExp]>([
    ["whatsapp", "Great", "csat:5", 5, /^How did we do\?\n\[Poor\] \[Okay\] \[Great\]$/],
    ["whatsapp", "Okay", "csat:1", 1, /\[Great\]$/], // the button's id wins over its title
    ["whatsapp", "Great", undefined, 5, /\[Great\]$/], // no id (a typed answer): the text
    ["rcs", "4", "csat:4", 4, /^How did we do\?\n\[1\] \[2\] \[3\] \[4\] \[5\]$/],
    ["rcs", "Loved it", "csat:2", 2, /\[5\]$/], // a postback with a text that is not a digit
    ["sms", "3", undefined, 3, /^How did we do\? Reply with a number/],
  ])("%s: the survey is a message from the business; %j (payload %s) is its answer, %i", async (...row) => {
    const [channel, text, payload, score, asked] = row;
    await put("manager", settings());
    const c = await customerWrote(channel);
    await resolve(c.id);
    await until(
      () => events(c.id),
      (e) => e.length > 0,
    );
    const [survey] = await thread(c.id);
    expect(survey).toMatchObject({ direction: "out", author_name: "Satisfaction survey" });
    expect(survey?.client_id).toMatch(/^csat:[0-9a-f-]{36}$/);
    expect(survey?.text).toMatch(asked);
    const { got, heard } = await answer(channel, c.from, text, payload);
    expect(got).toEqual([]); // no message waiting for an agent
    expect(heard).toEqual([{ score, clientId: expect.stringMatching(new RegExp(`^csat-answer:${score}:`)) }]);
    expect(await surveys(c.id)).toEqual([{ channel, answer: score }]);
    expect((await thread(c.id)).map((m) => [m.direction, m.text])).toEqual([
      ["out", survey?.text],
      ["in", text],
    ]);
    expect((await conversation(c.id))?.status).toBe("resolved");
  });

  it("a payload that is no survey choice leaves a text that is none an ordinary message", async () => {
    await put("manager", settings());
    const c = await customerWrote("whatsapp");
    await resolve(c.id);
    await until(
      () => events(c.id),
      (e) => e.length > 0,
    );
    const { got, heard } = await answer("whatsapp", c.from, "Track my order", "menu:track");
    expect(heard).toEqual([]);
    expect(got).toHaveLength(1);
    expect(await surveys(c.id)).toEqual([{ channel: "whatsapp", answer: null }]);
  });

  it("Team Reports' reply counts leave the survey out", async () => {
    const { notSurvey } = await import("../services/dashboard/conversation-work");
    const [n] = await rowsOf<{ surveys: number; counted: number }>(
      db(),
      sql`select count(*) filter (where cm.client_id like 'csat:%')::int as surveys,
          count(*) filter (where cm.client_id like 'csat:%' and ${notSurvey("cm")})::int as counted
        from chat_messages cm where cm.user_id = ${owner}`,
    );
    expect(n!.surveys).toBeGreaterThan(0);
    expect(n!.counted).toBe(0);
  });
});

describe("the answer, live", () => {
  it("a tap on the sandbox phone is pushed: the answer message to the thread and csatAnswer to the wallboard", async () => {
    const { io: connect } = await import("socket.io-client");
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = server.app.server.address() as { port: number };
    const token = await server.freshToken("manager");
    const socket = await new Promise<import("socket.io-client").Socket>((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${port}`, {
        transports: ["websocket"],
        reconnection: false,
        query: { token },
      });
      s.on("connect", () => resolve(s));
      s.on("connect_error", reject);
    });
    const heard: { event: string; payload: Record<string, unknown> }[] = [];
    socket.onAny((event: string, payload: Record<string, unknown>) => heard.push({ event, payload }));
    try {
      await put("manager", settings());
      const c = await customerWrote("whatsapp");
      await resolve(c.id);
      await until(
        () => events(c.id),
        (e) => e.length > 0,
      );
      const carrier = (server.app as unknown as { carrier: Carrier }).carrier;
      await carrier.simulateInbound?.({
        channel: "whatsapp",
        from: c.from,
        to: address.whatsapp ?? "",
        text: "Okay",
        payload: "csat:5", // the button's id decides, not its title
      });
      const answered = await until(
        async () => heard.filter((h) => h.event === "csatAnswer"),
        (h) => h.length > 0,
      );
      expect(answered[0]?.payload).toMatchObject({ chatId: c.id, score: 5 });
      const messages = heard
        .filter((h) => h.event === "message")
        .map((h) => h.payload.message as { chatId?: string; direction?: string; clientId?: string; text?: string })
        .filter((m) => m.chatId === c.id);
      // The survey was pushed on resolve (the business's message), then the answer.
      expect(messages.map((m) => [m.direction, m.clientId?.replace(/:[^:]+$/, "")])).toEqual([
        ["out", "csat"],
        ["in", "csat-answer:5"],
      ]);
      const pushed = { payload: { message: messages[1] } };
      expect(pushed?.payload.message).toMatchObject({
        direction: "in",
        text: "Okay",
        clientId: expect.stringMatching(/^csat-answer:5:/),
      });
      expect(await surveys(c.id)).toEqual([{ channel: "whatsapp", answer: 5 }]);
    } finally {
      socket.close();
    }
  });
});
