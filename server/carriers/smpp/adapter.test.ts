// The SMPP adapter against a local SMSC (stand-in/, the `smpp` library's server mode): bind, submit_sm answered with a
// message_id, receipts of Appendix B mapped to our states, long messages split with UDH, UCS-2, the SMSC's refusals
// mapped (throttling, a refused destination, a refused bind), a bind dropped mid-run (rebind, nothing lost or sent
// twice), a lost response (unknown, never re-sent, then settled by its receipt, matched as unanswered.ts explains),
// inbound messages and India's DLT entity id.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WITHDRAWN, type CarrierEvent, type OutboundMessage, type SendResult } from "../carrier";
import type { ChannelAdapter, ChannelConnection } from "../router/channel-adapter";
import { STATUS } from "./errors";
import { createSmppAdapter, type SmppTimings } from "./index";
import { startSmsc, type Smsc } from "./stand-in";

const USER = { systemId: "jmshop", password: "s3cret" };
const TIMINGS: SmppTimings = {
  responseTimeoutMs: 400,
  bindTimeoutMs: 2_000,
  enquireLinkMs: 200,
  rebindInitialMs: 50,
  rebindMaxMs: 400,
};

let smsc: Smsc;
const open: ChannelAdapter[] = [];
let seq = 0;

interface Harness {
  adapter: ChannelAdapter;
  events: CarrierEvent[];
  failures: { code: string; message: string; disconnect?: boolean }[];
}

function adapterFor(settings: Record<string, unknown> = {}, password = USER.password): Harness {
  const connection: ChannelConnection = {
    id: `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
    userId: "u",
    provider: "smpp",
    channel: "sms",
    version: 1,
    status: "connected",
    statusReason: null,
    settings: { host: "127.0.0.1", port: smsc.port, systemId: USER.systemId, ...settings },
    secrets: { password },
    verifyToken: "v",
  };
  const failures: Harness["failures"] = [];
  const adapter = createSmppAdapter(
    connection,
    { success: () => undefined, sent: () => undefined, failure: (f) => failures.push(f) },
    { timings: TIMINGS, allowPrivate: true },
  );
  const events: CarrierEvent[] = [];
  adapter.onEvent((e) => {
    events.push(e);
  });
  open.push(adapter);
  return { adapter, events, failures };
}

const sms = (to: string, text: string, from = "JMSHOP"): OutboundMessage => ({
  id: `m-${++seq}`,
  channel: "sms",
  from,
  to,
  content: { kind: "text", text },
});
const accepted = (r: SendResult) => (r.accepted ? r.providerMessageId : expect.fail(`refused: ${r.reason}`));

async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const receiptsOf = (events: CarrierEvent[], id: string) =>
  events.filter((e) => e.type === "receipt" && e.providerMessageId === id);

beforeAll(async () => {
  smsc = await startSmsc({ users: [USER], behaviour: { receiptDelayMs: 30 } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
  smsc.behaviour.throttlePerSecond = 0;
  smsc.behaviour.refuse.clear();
  smsc.behaviour.undeliverable.clear();
  smsc.behaviour.loseResponse.clear();
  smsc.behaviour.receiptDelayMs = 30;
  smsc.behaviour.answerDelayMs = 0;
});
afterAll(async () => smsc?.close());

describe("sending", () => {
  it("binds, submits with a delivery receipt asked, and maps the receipt (stat:DELIVRD) to delivered", async () => {
    const { adapter, events } = adapterFor();
    expect(await adapter.testConnection()).toMatchObject({ ok: true, name: expect.stringContaining("as jmshop") });
    const id = accepted(await adapter.send(sms("+919812300001", "Your order JM-1042 has shipped.")));
    const part = smsc.submitted.find((s) => s.id === id);
    expect(part).toMatchObject({
      from: "JMSHOP",
      to: "919812300001",
      dataCoding: 0,
      text: "Your order JM-1042 has shipped.",
    });
    const receipts = await until(
      () => receiptsOf(events, id),
      (r) => r.length > 0,
    );
    expect(receipts).toEqual([expect.objectContaining({ type: "receipt", status: "delivered" })]);
    expect(adapter.profile).toEqual({ idempotentSends: false, perSecond: 100 });
  });

  it("splits a long GSM-7 text into 153-septet parts with a concatenation header; one receipt for the message", async () => {
    const { adapter, events } = adapterFor();
    const text = "Sale! ".repeat(40).trim();
    const id = accepted(await adapter.send(sms("+919812300002", text)));
    const parts = smsc.submitted.filter((s) => s.to === "919812300002");
    expect(parts).toHaveLength(2);
    expect(parts.map((p) => p.esmClass & 0x40)).toEqual([0x40, 0x40]);
    expect(parts.map((p) => [...(p.udh ?? [])].slice(-3))).toEqual([
      [parts[0].udh?.[2], 2, 1],
      [parts[0].udh?.[2], 2, 2],
    ]);
    expect(parts[0].text).toHaveLength(153);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    expect(parts[0].id).toBe(id);
    await until(
      () => smsc.submitted.length,
      () => false,
      200,
    );
    expect(receiptsOf(events, id)).toHaveLength(1);
    expect(receiptsOf(events, parts[1].id)).toHaveLength(0);
  });

  it("sends text outside GSM-7 as UCS-2 (data_coding 8), 70 characters in one part", async () => {
    const { adapter } = adapterFor();
    const text = "आपका ऑर्डर भेज दिया गया है";
    const id = accepted(await adapter.send(sms("+919812300003", text)));
    expect(smsc.submitted.find((s) => s.id === id)).toMatchObject({ dataCoding: 8, text });
  });

  it("passes India's DLT entity id in the provider's tag, and a numeric sender as an international address", async () => {
    const { adapter } = adapterFor({ dltEntityId: "1201159100000012345", dltEntityIdTag: 0x1400 });
    const id = accepted(await adapter.send(sms("+919812300004", "OTP 123456", "+919000000001")));
    expect(smsc.submitted.find((s) => s.id === id)).toMatchObject({
      from: "919000000001",
      tlvs: { [String(0x1400)]: "1201159100000012345" },
    });
    expect(smsc.submitted.find((s) => s.id === id)?.tlvs).not.toHaveProperty(String(0x1401));
  });

  it("passes the message's DLT template id in the template tag, beside the entity id", async () => {
    const { adapter } = adapterFor({
      dltEntityId: "1201159100000012345",
      dltEntityIdTag: 0x1400,
      dltTemplateIdTag: 0x1402,
    });
    const message = sms("+919812300024", "OTP 123456");
    const id = accepted(
      await adapter.send({
        ...message,
        content: { kind: "text", text: "OTP 123456", dltTemplateId: "1107000000000009" },
      }),
    );
    expect(smsc.submitted.find((s) => s.id === id)?.tlvs).toMatchObject({
      [String(0x1400)]: "1201159100000012345",
      [String(0x1402)]: "1107000000000009",
    });
  });
});

describe("withdrawing sends (a paused campaign)", () => {
  it("a send still waiting for a place in the window is withdrawn when its signal aborts; those written go on", async () => {
    smsc.behaviour.answerDelayMs = 300;
    const { adapter, failures } = adapterFor({ window: 2 });
    const stop = new AbortController();
    const numbers = [1, 2, 3, 4, 5].map((n) => `+91981230020${n}`);
    const before = smsc.submitted.length;
    const sends = numbers.map((to) => adapter.send({ ...sms(to, "hi"), signal: stop.signal }));
    await until(
      () => smsc.submitted.length - before,
      (n) => n === 2,
    );
    stop.abort();
    const results = await Promise.all(sends);
    // The two written were answered and accepted; the three that waited never reached the SMSC.
    expect(results.map((r) => r.accepted)).toEqual([true, true, false, false, false]);
    expect(results.slice(2)).toEqual(
      numbers.slice(2).map(() => ({
        accepted: false,
        code: WITHDRAWN,
        reason: "Withdrawn before it was written to the SMSC",
        retryable: true,
        retry: "recipient",
      })),
    );
    expect(smsc.submitted.slice(before).map((s) => s.to)).toEqual(numbers.slice(0, 2).map((n) => n.slice(1)));
    // A withdrawal is no fault of the channel's; the window's places were all given back.
    expect(failures).toEqual([]);
    smsc.behaviour.answerDelayMs = 0;
    expect(
      (await Promise.all(numbers.slice(2).map((to) => adapter.send(sms(to, "again"))))).every((r) => r.accepted),
    ).toBe(true);
  });
});

describe("the SMSC's answers mapped", () => {
  it("stat:UNDELIV becomes failed with the SMSC's word and error", async () => {
    smsc.behaviour.undeliverable.add("919812300005");
    const { adapter, events } = adapterFor();
    const id = accepted(await adapter.send(sms("+919812300005", "hello")));
    const [receipt] = await until(
      () => receiptsOf(events, id),
      (r) => r.length > 0,
    );
    expect(receipt).toMatchObject({
      status: "failed",
      code: "UNDELIV",
      reason: expect.stringContaining("Undeliverable"),
    });
  });

  it("ESME_RTHROTTLED slows the sender down and retries; ESME_RINVDSTADR is the recipient's and is not retried", async () => {
    smsc.behaviour.throttlePerSecond = 2;
    smsc.behaviour.refuse.set("919812300099", STATUS.ESME_RINVDSTADR);
    const { adapter } = adapterFor();
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => adapter.send(sms(`+91981230010${n}`, "hi"))));
    const throttled = results.filter((r) => !r.accepted);
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled[0]).toMatchObject({ code: "ESME_RTHROTTLED", retryable: true, retry: "sender" });
    smsc.behaviour.throttlePerSecond = 0;
    expect(await adapter.send(sms("+919812300099", "hi"))).toMatchObject({
      accepted: false,
      code: "ESME_RINVDSTADR",
      retryable: false,
    });
  });

  it("a refused bind (wrong password) disconnects: the test says so and sends ask the channel to stop", async () => {
    const { adapter, failures } = adapterFor({}, "wrong");
    expect(await adapter.testConnection()).toMatchObject({ ok: false, code: "ESME_RINVPASWD", auth: true });
    expect(failures.at(-1)).toMatchObject({
      disconnect: true,
      message: expect.stringContaining("SMS channel disconnected"),
    });
    expect(await adapter.send(sms("+919812300006", "hi"))).toMatchObject({ accepted: false, retry: "channel" });
    expect(smsc.submitted.some((s) => s.to === "919812300006")).toBe(false);
  });
});

describe("reconnects and lost answers", () => {
  it("a bind dropped mid-run is rebound with backoff: every message goes out once, receipts still arrive", async () => {
    const { adapter, events, failures } = adapterFor();
    const binds = smsc.binds;
    const first = await Promise.all([0, 1, 2, 3, 4].map((n) => adapter.send(sms(`+91981231000${n}`, `first ${n}`))));
    smsc.dropBinds();
    // Sends wait for the rebind (a message written into the dying socket would be unknown, never re-sent).
    await until(() => failures.some((f) => f.code === "bind"), Boolean);
    const second = await Promise.all([5, 6, 7, 8, 9].map((n) => adapter.send(sms(`+91981231000${n}`, `second ${n}`))));
    const ids = [...first, ...second].map(accepted);
    expect(smsc.binds).toBe(binds + 2);
    const to = smsc.submitted.filter((s) => s.to.startsWith("91981231000")).map((s) => s.to);
    expect(to.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `91981231000${n}`));
    await until(() => ids.every((id) => receiptsOf(events, id).length === 1), Boolean);
    expect(ids.filter((id) => receiptsOf(events, id).length === 1)).toHaveLength(10);
  });

  it("a submit whose response is lost is unknown (the send throws) and is not sent again", async () => {
    smsc.behaviour.loseResponse.add("919812300007");
    const { adapter } = adapterFor();
    await expect(adapter.send(sms("+919812300007", "once"))).rejects.toThrow(/did not answer/);
    expect(smsc.submitted.filter((s) => s.to === "919812300007")).toHaveLength(1);
  });

  it("a lost response's receipt arriving before the timeout settles that message by our id, once; it is sent once", async () => {
    smsc.behaviour.loseResponse.add("919812300011");
    smsc.behaviour.undeliverable.add("919812300012");
    smsc.behaviour.loseResponse.add("919812300012");
    const { adapter, events } = adapterFor();
    const ok = sms("+919812300011", "Your order JM-2001 has shipped.");
    const undeliverable = sms("+919812300012", "Your order JM-2002 has shipped.");
    // The receipts (30 ms) come while the submits still await their answers (400 ms): held, then settled.
    await expect(adapter.send(ok)).rejects.toThrow(/did not answer/);
    await expect(adapter.send(undeliverable)).rejects.toThrow(/did not answer/);
    const smscIds = ["919812300011", "919812300012"].map((to) =>
      smsc.submitted.filter((s) => s.to === to).map((s) => s.id),
    );
    expect(smscIds.map((ids) => ids.length)).toEqual([1, 1]);
    const settled = await until(
      () => events.filter((e) => e.type === "receipt" && (e.messageId === ok.id || e.messageId === undeliverable.id)),
      (e) => e.length === 2,
    );
    expect(settled).toEqual([
      expect.objectContaining({ messageId: ok.id, providerMessageId: smscIds[0][0], status: "delivered" }),
      expect.objectContaining({
        messageId: undeliverable.id,
        providerMessageId: smscIds[1][0],
        status: "failed",
        code: "UNDELIV",
      }),
    ]);
  });

  it("a receipt arriving after the submit was given up settles it too; an answered message's receipt stays its own", async () => {
    smsc.behaviour.receiptDelayMs = 700;
    const { adapter, events } = adapterFor();
    const answered = sms("+919812300013", "Your code is 4411. Do not share it.");
    const lost = sms("+919812300013", "Your code is 4412. Do not share it.");
    const answeredId = accepted(await adapter.send(answered));
    smsc.behaviour.loseResponse.add("919812300013");
    await expect(adapter.send(lost)).rejects.toThrow(/did not answer/);
    const lostId = smsc.submitted.filter((s) => s.to === "919812300013").at(-1)?.id;
    // Both receipts fit the lost submit (same handset, header and first 20 characters): the answered one is by its id.
    const receipts = await until(
      () => events.filter((e) => e.type === "receipt"),
      (e) => e.length === 2,
    );
    const seen = receipts.map((e) =>
      e.type === "receipt" ? [e.providerMessageId, e.status, e.messageId ?? null] : [],
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        [answeredId, "delivered", null],
        [lostId, "delivered", lost.id],
      ]),
    );
    expect(smsc.submitted.filter((s) => s.to === "919812300013")).toHaveLength(2);
  });

  it("two lost submits a receipt cannot tell apart stay unknown: no receipt names either, nothing is sent again", async () => {
    smsc.behaviour.receiptDelayMs = 700;
    smsc.behaviour.loseResponse.add("919812300014");
    const { adapter, events } = adapterFor();
    const both = [
      sms("+919812300014", "Sale! 20% off today at Jaspers."),
      sms("+919812300014", "Sale! 20% off today at Jaspers Market."),
    ];
    await Promise.all(both.map((m) => expect(adapter.send(m)).rejects.toThrow(/did not answer/)));
    const ids = smsc.submitted.filter((s) => s.to === "919812300014").map((s) => s.id);
    expect(ids).toHaveLength(2);
    const receipts = await until(
      () => events.filter((e) => e.type === "receipt" && ids.includes(e.providerMessageId)),
      (e) => e.length === 2,
    );
    expect(receipts.map((e) => e.type === "receipt" && e.messageId)).toEqual([undefined, undefined]);
    expect(smsc.submitted.filter((s) => s.to === "919812300014")).toHaveLength(2);
  });

  it("a long message whose first part was not answered had its other parts held back: its receipt settles it as failed", async () => {
    smsc.behaviour.loseResponse.add("919812300015");
    const { adapter, events } = adapterFor();
    const long = sms("+919812300015", "Sale! ".repeat(40).trim());
    await expect(adapter.send(long)).rejects.toThrow(/did not answer/);
    expect(smsc.submitted.filter((s) => s.to === "919812300015")).toHaveLength(1);
    const [receipt] = await until(
      () => events.filter((e) => e.type === "receipt" && e.messageId === long.id),
      (e) => e.length > 0,
    );
    expect(receipt).toMatchObject({
      status: "failed",
      code: "INCOMPLETE",
      reason: expect.stringContaining("Only part 1 of 2 was sent"),
    });
  });

  it("a customer's message arrives as an inbound event", async () => {
    const { adapter, events } = adapterFor();
    await adapter.testConnection();
    smsc.customerWrites({ systemId: USER.systemId, from: "+919812300008", to: "56161", text: "STOP" });
    smsc.customerWrites({ systemId: USER.systemId, from: "+919812300009", to: "+919111100000", text: "START" });
    const inbound = await until(
      () => events.filter((e) => e.type === "inbound"),
      (e) => e.length > 1,
    );
    // A short code stays as it is; a long number (the account's reply number) comes back in its stored "+" form.
    expect(inbound).toEqual([
      expect.objectContaining({ channel: "sms", from: "+919812300008", to: "56161", text: "STOP" }),
      expect.objectContaining({ channel: "sms", from: "+919812300009", to: "+919111100000", text: "START" }),
    ]);
  });

  it("a customer's message is answered only once stored: a listener that could not store it has it refused (ESME_RX_T_APPN) and delivered again", async () => {
    const { adapter } = adapterFor();
    await adapter.testConnection();
    const heard: string[] = [];
    let refuse = true;
    adapter.onEvent(async (event) => {
      if (event.type !== "inbound") return;
      heard.push(event.text);
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (refuse) {
        refuse = false;
        throw new Error("the database is not reachable");
      }
    });
    const before = smsc.deliverAnswers.length;
    smsc.customerWrites({ systemId: USER.systemId, from: "+919812300010", to: "56161", text: "HELP" });
    const answers = await until(
      () => smsc.deliverAnswers.slice(before),
      (a) => a.length > 1,
    );
    expect(answers).toEqual([STATUS.ESME_RX_T_APPN, STATUS.ESME_ROK]);
    expect(heard).toEqual(["HELP", "HELP"]);
  });
});
