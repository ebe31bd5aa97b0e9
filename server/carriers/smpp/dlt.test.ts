// The SMSC stand-in as an Indian DLT route (stand-in/dlt.ts): a message without the principal entity id or the
// template id in the route's TLVs is scrubbed out and its receipt says REJECTD with the DLT platform's code (604, 630);
// with both it is delivered. An SMPP channel with an entity id tells its senders that every message needs a template.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CarrierEvent, MessageContent, SendResult } from "../carrier";
import type { ChannelAdapter, ChannelConnection } from "../router/channel-adapter";
import { createSmppAdapter } from "./index";
import { startSmsc, type Smsc } from "./stand-in";
import { DLT_ROUTE } from "./stand-in/dlt";

const USER = { systemId: "dltroute", password: "s3cret-dlt" };
const ENTITY = "1201159100000012345";
const TEMPLATE = "1107161234567890123";
let smsc: Smsc;
const open: ChannelAdapter[] = [];
let seq = 0;

function adapterFor(settings: Record<string, unknown>): { adapter: ChannelAdapter; events: CarrierEvent[] } {
  const connection: ChannelConnection = {
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
    userId: "u",
    provider: "smpp",
    channel: "sms",
    version: 1,
    status: "connected",
    statusReason: null,
    settings: { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId, ...settings },
    secrets: { password: USER.password },
    verifyToken: "v",
  };
  const adapter = createSmppAdapter(
    connection,
    { success: () => undefined, sent: () => undefined, failure: () => undefined },
    { allowPrivate: true },
  );
  const events: CarrierEvent[] = [];
  adapter.onEvent((e) => void events.push(e));
  open.push(adapter);
  return { adapter, events };
}

const accepted = (r: SendResult) => (r.accepted ? r.providerMessageId : expect.fail(`refused: ${r.reason}`));

async function receiptOf(
  events: CarrierEvent[],
  id: string,
): Promise<Extract<CarrierEvent, { type: "receipt" }> | undefined> {
  const end = Date.now() + 3_000;
  for (;;) {
    const found = events.find(
      (e): e is Extract<CarrierEvent, { type: "receipt" }> => e.type === "receipt" && e.providerMessageId === id,
    );
    if (found || Date.now() > end) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  smsc = await startSmsc({ users: [USER], behaviour: { receiptDelayMs: 20, dlt: DLT_ROUTE } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});
afterAll(async () => smsc?.close());

describe("an SMPP channel on a DLT route", () => {
  it.each<[string, Record<string, unknown>, MessageContent, { status: string; code?: string; rejected?: string }]>([
    [
      "entity id and template id",
      { dltEntityId: ENTITY },
      { kind: "text", text: "OTP 4411", dltTemplateId: TEMPLATE },
      { status: "delivered" },
    ],
    [
      "entity id, no template id",
      { dltEntityId: ENTITY },
      { kind: "text", text: "Hi, how can we help?" },
      { status: "failed", code: "REJECTD", rejected: "630" },
    ],
    [
      "no entity id",
      {},
      { kind: "text", text: "OTP 4411", dltTemplateId: TEMPLATE },
      { status: "failed", code: "REJECTD", rejected: "604" },
    ],
  ])("%s: the route's receipt says %j", async (_what, settings, content, expected) => {
    const { adapter, events } = adapterFor(settings);
    const id = accepted(
      await adapter.send({
        id: `m-${++seq}`,
        channel: "sms",
        from: "JMSHOP",
        to: `+9198123${String(seq).padStart(5, "0")}`,
        content,
      }),
    );
    const receipt = await receiptOf(events, id);
    expect(receipt).toMatchObject({
      status: expected.status,
      ...(expected.code ? { code: expected.code, reason: expect.stringContaining(`err ${expected.rejected}`) } : {}),
    });
    expect(smsc.submitted.find((s) => s.id === id)?.rejected).toBe(expected.rejected);
  });

  it("says so in its profile when it sends under an entity id: its messages need their template", () => {
    expect(adapterFor({ dltEntityId: ENTITY }).adapter.profile).toEqual({
      idempotentSends: false,
      perSecond: 100,
      dltTemplates: true,
    });
    expect(adapterFor({}).adapter.profile).toEqual({ idempotentSends: false, perSecond: 100 });
  });
});
