// A survey the carrier refuses (issue 40 item 6): resolving still answers 200, and the thread keeps the survey as the
// business's failed message with the carrier's reason (the agent sees that no survey went out), the activity log says
// why, no answer is awaited (no survey row) and the list's last message is not the survey. A survey the carrier takes
// is the control: sent, no error, a survey row.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Carrier, OutboundMessage, SendResult } from "../carriers/carrier";
import { rowsOf } from "../db/sql";
import { businessAddresses } from "../services/chats/addresses";
import { receiveInbound } from "../services/chats/inbound";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let carrier: Carrier;
let serial = 0;
const db = () => server.database.db;
let address = "";

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  carrier = (server.app as unknown as { carrier: Carrier }).carrier;
  address = (await businessAddresses(db(), await server.id("manager"))).find((a) => a.channel === "whatsapp")
    ?.address as string;
  const res = await server.call({
    method: "PUT",
    url: "/api/v1/chats/csat",
    as: "manager",
    payload: { enabled: true, question: "How did we do?", whatsappTemplate: null, smsDltTemplateId: null },
  });
  expect(res.statusCode).toBe(200);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => server?.close());

async function customerWrote(): Promise<string> {
  serial += 1;
  const [got] = await receiveInbound(db(), [
    {
      type: "inbound",
      channel: "whatsapp",
      from: `+9186${String(Date.now() % 1_000_000).padStart(6, "0")}${String(serial).padStart(2, "0")}`,
      to: address,
      text: "Thanks, that fixed it",
      at: new Date(),
    },
  ]);
  return got?.conversation.id ?? "";
}

interface Thread {
  data: { direction: string; status: string | null; error: string | null; clientId: string | null; text: string }[];
}

/** The survey's thread message as the agent reads it, once the survey (sent after the resolve's answer) is written. */
async function surveyMessage(id: string) {
  for (let i = 0; i < 100; i++) {
    const res = await server.call({ method: "GET", url: `/api/v1/chats/${id}/messages`, as: "agent" });
    expect(res.statusCode, res.body).toBe(200);
    const survey = (res.json() as Thread).data.find((m) => m.clientId?.startsWith("csat:"));
    if (survey) return survey;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

const refused = (reason: string) => async (): Promise<SendResult> => ({
  accepted: false,
  code: "131026",
  reason,
  retryable: false,
});

const CASES: [string, (m: OutboundMessage) => Promise<SendResult>, { status: string; error: string | null }][] = [
  ["refused", refused("Message undeliverable"), { status: "failed", error: "Message undeliverable" }],
  [
    "the carrier errs",
    async () => {
      throw new Error("connect ECONNREFUSED");
    },
    { status: "failed", error: "connect ECONNREFUSED" },
  ],
  [
    "taken (the control)",
    async () => ({ accepted: true, providerMessageId: "wamid.ok" }),
    { status: "sent", error: null },
  ],
];

describe("a survey the carrier does not take", () => {
  it.each(CASES)("%s: the thread, the log, the survey row and the list say what happened", async (_, send, want) => {
    const real = carrier.send.bind(carrier);
    vi.spyOn(carrier, "send").mockImplementation((m) => (m.id.startsWith("csat-") ? send(m) : real(m)));
    const id = await customerWrote();
    expect((await server.call({ method: "POST", url: `/api/v1/chats/${id}/resolve`, as: "manager" })).statusCode).toBe(
      200,
    );
    const survey = await surveyMessage(id);
    expect(survey).toMatchObject({ direction: "out", status: want.status, error: want.error });
    expect(survey?.text).toMatch(/^How did we do\?/);
    const events = await rowsOf<{ kind: string; note: string }>(
      db(),
      sql`select kind, note from conversation_events where conversation_id = ${id} and kind like 'csat%'`,
    );
    const rows = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from csat_surveys where conversation_id = ${id}`,
    );
    const [conversation] = await rowsOf<{ last: string; status: string }>(
      db(),
      sql`select last_message_text as last, status from conversations where id = ${id}`,
    );
    expect(conversation?.status).toBe("resolved");
    if (want.status === "failed") {
      expect(events).toEqual([{ kind: "csat_not_sent", note: `Survey not sent: ${want.error}` }]);
      expect(rows[0]?.n).toBe(0);
      expect(conversation?.last).toBe("Thanks, that fixed it");
    } else {
      expect(events.map((e) => e.kind)).toEqual(["csat_sent"]);
      expect(rows[0]?.n).toBe(1);
      expect(conversation?.last).toContain("How did we do?");
    }
  });
});
