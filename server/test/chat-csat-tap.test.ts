// The survey's taps on the simulated phone (issue 40 item 6): the phone's thread offers a survey's chips (RCS) or reply
// buttons (WhatsApp) with the payloads the providers deliver (RBM postbackData, the button's id), a tap sends them
// beside the text, and the answer counts by the payload, whatever the text. A refused survey offers nothing; a bad
// payload is a 400 that delivers nothing. The taps go once the customer answers (a tap or a typed message), as RBM's
// transient suggestions do.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSAT_RCS_REPLIES, CSAT_WHATSAPP_BUTTONS } from "../../contract/domain/csat";
import type { Carrier } from "../carriers/carrier";
import { rowsOf } from "../db/sql";
import { businessAddresses } from "../services/chats/addresses";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let carrier: Carrier;
let serial = 0;
const db = () => server.database.db;
const address: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  carrier = (server.app as unknown as { carrier: Carrier }).carrier;
  for (const a of await businessAddresses(db(), await server.id("manager"))) address[a.channel] ??= a.address;
  const res = await server.call({
    method: "PUT",
    url: "/api/v1/chats/csat",
    as: "manager",
    payload: { enabled: true, question: "How did we do?", whatsappTemplate: null, smsDltTemplateId: null },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => server?.close());

/** A number the sandbox reaches on `channel` (its RCS-capable share is drawn per number). */
async function reachable(channel: string): Promise<string> {
  for (;;) {
    serial += 1;
    const n = `+9185${String(Date.now() % 1_000_000).padStart(6, "0")}${String(serial).padStart(2, "0")}`;
    if ((await carrier.checkCapability({ channel: channel as "rcs", to: n })).capable) return n;
  }
}

const phoneSend = (body: Record<string, unknown>) =>
  server.call({ method: "POST", url: "/api/v1/sandbox/phone/messages", as: "manager", payload: body });

interface PhoneMessage {
  direction: string;
  text: string;
  status: string | null;
  replies: { text: string; payload: string }[];
}
async function phoneThread(channel: string, number: string): Promise<PhoneMessage[]> {
  const q = new URLSearchParams({ channel, address: address[channel] ?? "", number });
  const res = await server.call({
    method: "GET",
    url: `/api/v1/sandbox/phone/messages?${q.toString()}`,
    as: "manager",
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PhoneMessage[] }).data;
}

/** The customer writes, the owner resolves, and the survey shows on the phone: its message. */
async function surveyed(channel: string, number: string): Promise<PhoneMessage> {
  expect((await phoneSend({ channel, address: address[channel], number, text: "Sorted, thanks" })).statusCode).toBe(
    200,
  );
  const [c] = await rowsOf<{ id: string }>(
    db(),
    sql`select id::text as id from conversations where customer_number = ${number} and channel = ${channel}`,
  );
  expect((await server.call({ method: "POST", url: `/api/v1/chats/${c?.id}/resolve`, as: "manager" })).statusCode).toBe(
    200,
  );
  for (let i = 0; i < 100; i++) {
    const survey = (await phoneThread(channel, number)).find((m) => m.direction === "out");
    if (survey) return survey;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("no survey on the phone");
}

const answer = async (number: string) =>
  (
    await rowsOf<{ answer: number | null }>(
      db(),
      sql`select s.answer from csat_surveys s join conversations c on c.id = s.conversation_id
        where c.customer_number = ${number}`,
    )
  )[0]?.answer;

const TAPS: [string, { text: string; payload: string }[], string, string, number][] = [
  ["rcs", CSAT_RCS_REPLIES.map((r) => ({ text: r.text, payload: r.postbackData })), "4", "csat:4", 4],
  // The payload wins over the text: a chip whose text was edited still counts as its postback.
  ["rcs", CSAT_RCS_REPLIES.map((r) => ({ text: r.text, payload: r.postbackData })), "5", "csat:2", 2],
  ["whatsapp", CSAT_WHATSAPP_BUTTONS.map((b) => ({ text: b.title, payload: b.id })), "Okay", "csat:3", 3],
];

describe("a survey's taps on the simulated phone", () => {
  it.each(TAPS)(
    "%s: offers its taps, and a tap counts by its payload",
    async (channel, offered, text, payload, score) => {
      const number = await reachable(channel);
      const survey = await surveyed(channel, number);
      expect(survey.replies).toEqual(offered);
      expect((await phoneSend({ channel, address: address[channel], number, text, payload })).statusCode).toBe(200);
      expect(await answer(number)).toBe(score);
      // Answered: the survey's chips are gone, and the phone shows the answer after it.
      const after = await phoneThread(channel, number);
      expect(after.filter((m) => m.replies.length > 0)).toEqual([]);
      expect(after.at(-1)).toMatchObject({ direction: "in", text });
    },
  );

  it.each(["rcs", "whatsapp"])(
    "%s: a typed message that is not an answer also takes the taps away",
    async (channel) => {
      const number = await reachable(channel);
      const survey = await surveyed(channel, number);
      expect(survey.replies.length).toBeGreaterThan(0);
      const sent = await phoneSend({ channel, address: address[channel], number, text: "Can I ask one more thing?" });
      expect(sent.statusCode).toBe(200);
      expect((await phoneThread(channel, number)).filter((m) => m.replies.length > 0)).toEqual([]);
    },
  );

  it("a survey the carrier refused offers nothing to tap", async () => {
    // +91 90000 0002x: the sandbox's numbers that are not on RCS (the send is refused with 404).
    const survey = await surveyed("rcs", "+919000000024");
    expect(survey).toMatchObject({ status: "failed", replies: [] });
  });

  it("a bad payload is refused and delivers nothing", async () => {
    const number = await reachable("rcs");
    for (const payload of ["", "x".repeat(2049), "a\u0000b"]) {
      const res = await phoneSend({ channel: "rcs", address: address.rcs, number, text: "5", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await phoneThread("rcs", number)).toEqual([]);
  });
});
