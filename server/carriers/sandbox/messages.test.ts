import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Carrier, CarrierEvent, Channel, OutboundMessage } from "../carrier";
import { createSandboxCarrier } from "./index";
import type { SandboxMessageConfig } from "./message-config";
import { testSandboxConfig } from "./test-config";

const FAST: Partial<SandboxMessageConfig> = {
  sentMs: { min: 10, max: 20 },
  deliveryMs: { min: 10, max: 50 },
  readMs: { min: 10, max: 50 },
  replyMs: { min: 30, max: 80 },
};

let carrier: Carrier;
let events: CarrierEvent[];

function start(messages: Partial<SandboxMessageConfig> = {}, seed = "test-seed"): void {
  carrier = createSandboxCarrier(testSandboxConfig(seed, { ...FAST, ...messages }));
  events = [];
  carrier.onEvent((event) => void events.push(event));
}

function message(id: string, to = "+919876543210", channel: Channel = "whatsapp", from = "phone-1"): OutboundMessage {
  return { id, channel, from, to, content: { kind: "text", text: "Hello" } };
}

const receiptsOf = (providerMessageId: string) =>
  events.flatMap((event) =>
    event.type === "receipt" && event.providerMessageId === providerMessageId ? [event.status] : [],
  );

async function sendOk(m: OutboundMessage): Promise<string> {
  const result = await carrier.send(m);
  if (!result.accepted) throw new Error(`refused: ${result.code}`);
  return result.providerMessageId;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(async () => {
  await carrier?.close();
  vi.useRealTimers();
});

describe("sandbox send", () => {
  it("plays sent, delivered, read and a reply over time for a number that always replies", async () => {
    start();
    const id = await sendOk(message("m-1", "+919000000060"));
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    expect(receiptsOf(id)).toEqual(["sent"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(receiptsOf(id)).toEqual(["sent", "delivered", "read"]);
    const inbound = events.filter((event) => event.type === "inbound");
    expect(inbound).toEqual([
      expect.objectContaining({
        type: "inbound",
        channel: "whatsapp",
        from: "+919000000060",
        to: "phone-1",
        text: expect.any(String),
      }),
    ]);
  });

  it("a failing number gets a failed receipt with the provider's code and words", async () => {
    start();
    const id = await sendOk(message("m-2", "+919000000040", "sms", "SHOPIN"));
    await vi.advanceTimersByTimeAsync(1000);
    const failed = events.find(
      (event) => event.type === "receipt" && event.providerMessageId === id && event.status === "failed",
    );
    expect(failed).toMatchObject({
      code: expect.stringMatching(/^(UNDELIV|EXPIRED|REJECTD):\d{3}$/),
      reason: expect.stringMatching(/^stat:/),
    });
  });

  it("refuses at submit with the provider's code and plays nothing", async () => {
    start();
    expect(await carrier.send(message("m-3", "+919000000011"))).toEqual({
      accepted: false,
      code: "131026",
      reason: "Message undeliverable",
      retryable: false,
    });
    expect(await carrier.send(message("m-4", "+919000000031", "rcs", "bot-1"))).toMatchObject({
      accepted: false,
      code: "403",
      retryable: false,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(events).toEqual([]);
  });

  it("the same message id sent twice gets one provider id and one set of receipts", async () => {
    start();
    const first = await sendOk(message("dup-1", "+919000000060"));
    await vi.advanceTimersByTimeAsync(15);
    const second = await sendOk(message("dup-1", "+919000000060"));
    expect(second).toBe(first);
    await vi.advanceTimersByTimeAsync(1000);
    expect(receiptsOf(first)).toEqual(["sent", "delivered", "read"]);
    expect(events.filter((event) => event.type === "inbound")).toHaveLength(1);
  });

  it("remembers a bounded number of ids: a forgotten id keeps its provider id but plays again", async () => {
    start({ rememberIds: 2 });
    const first = await sendOk(message("old", "+919000000001"));
    await sendOk(message("newer-1", "+919000000002"));
    expect(await sendOk(message("old", "+919000000001"))).toBe(first);
    await vi.advanceTimersByTimeAsync(1000);
    expect(receiptsOf(first)).toEqual(["sent", "delivered"]);
    await sendOk(message("newer-2", "+919000000003"));
    expect(await sendOk(message("old", "+919000000001"))).toBe(first);
    await vi.advanceTimersByTimeAsync(1000);
    expect(receiptsOf(first)).toEqual(["sent", "delivered", "sent", "delivered"]);
  });

  it("after a restart with the same seed, the same id gets the same provider id and fate", async () => {
    start({}, "restart-seed");
    const ids = Array.from({ length: 40 }, (_, i) => `restart-${i}`);
    const firstRun = await Promise.all(ids.map((id) => sendOk(message(id))));
    await vi.advanceTimersByTimeAsync(200);
    const firstFates = firstRun.map(receiptsOf);
    await carrier.close();
    start({}, "restart-seed");
    expect(await Promise.all(ids.map((id) => sendOk(message(id))))).toEqual(firstRun);
    await vi.advanceTimersByTimeAsync(200);
    expect(firstRun.map(receiptsOf)).toEqual(firstFates);
  });
});

describe("rates through the carrier", () => {
  it("10,000 sends come back about 93 % delivered, 4 % failed, 3 % unconfirmed; 40 % of delivered read, 5 % reply", async () => {
    // Real timers with tiny delays: fake timers look for the next timer linearly, too slow for 30,000 of them.
    vi.useRealTimers();
    const instant = { min: 0, max: 1 };
    start({
      perSecond: { whatsapp: 1_000_000, sms: 1, rcs: 1 },
      sentMs: instant,
      deliveryMs: instant,
      readMs: instant,
      replyMs: instant,
    });
    const n = 10_000;
    for (let i = 0; i < n; i++) await sendOk(message(`rate-${i}`));
    // Settled when a quiet 50 ms passes after every message's "sent".
    for (
      let seen = -1;
      seen !== events.length ||
      events.filter((event) => event.type === "receipt" && event.status === "sent").length < n;
    ) {
      seen = events.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const count = (status: string) =>
      events.filter((event) => event.type === "receipt" && event.status === status).length;
    const delivered = count("delivered");
    expect(count("sent")).toBe(n);
    expect(Math.abs((100 * delivered) / n - 93)).toBeLessThan(1);
    expect(Math.abs((100 * count("failed")) / n - 4)).toBeLessThan(0.8);
    expect(Math.abs((100 * (n - delivered - count("failed"))) / n - 3)).toBeLessThan(0.7);
    expect(Math.abs((100 * count("read")) / delivered - 40)).toBeLessThan(2);
    expect(Math.abs((100 * events.filter((event) => event.type === "inbound").length) / delivered - 5)).toBeLessThan(
      0.9,
    );
  });
});

describe("throttling per sender", () => {
  it("WhatsApp refuses the 81st message within a second with 130429 (retryable), per sender, and recovers", async () => {
    start();
    const results = [];
    for (let i = 0; i < 81; i++) results.push(await carrier.send(message(`burst-${i}`)));
    expect(results.slice(0, 80).every((result) => result.accepted)).toBe(true);
    expect(results[80]).toEqual({
      accepted: false,
      code: "130429",
      reason: expect.stringContaining("Rate limit"),
      retryable: true,
    });
    // Another phone number has its own allowance.
    expect((await carrier.send(message("other-sender", undefined, "whatsapp", "phone-2"))).accepted).toBe(true);
    // A retry of a refused id once tokens are back is accepted; 25 ms refills two at 80/s.
    await vi.advanceTimersByTimeAsync(25);
    expect((await carrier.send(message("burst-80"))).accepted).toBe(true);
  });

  it("a resend of an accepted id is answered from memory and does not use the allowance", async () => {
    start({ perSecond: { whatsapp: 2, sms: 100, rcs: 100 } });
    await sendOk(message("a"));
    await sendOk(message("b"));
    expect(await sendOk(message("a"))).toBeTruthy();
    expect(await carrier.send(message("c"))).toMatchObject({ accepted: false, code: "130429" });
  });

  it.each([
    ["sms", "ESME_RTHROTTLED"],
    ["rcs", "429"],
  ] as const)("%s throttles at its own rate with %s", async (channel, code) => {
    start({ perSecond: { whatsapp: 80, sms: 3, rcs: 3 } });
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await carrier.send(message(`${channel}-${i}`, "+919000000001", channel, "sender")));
    expect(results.map((result) => result.accepted)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ code, retryable: true });
  });
});

describe("close", () => {
  it("stops every pending receipt and reply: nothing is emitted after close", async () => {
    start();
    const heard: CarrierEvent[] = [];
    carrier.onEvent((event) => void heard.push(event));
    for (let i = 0; i < 20; i++) await sendOk(message(`close-${i}`, "+919000000065"));
    await vi.advanceTimersByTimeAsync(20);
    const before = heard.length;
    expect(before).toBeGreaterThan(0);
    await carrier.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(heard).toHaveLength(before);
  });
});

describe("a send log shared by several processes", () => {
  it("answers an id another carrier on the same file accepted from the log: no second delivery", async () => {
    const { mkdtempSync, readFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const sendLog = join(mkdtempSync(join(tmpdir(), "sandbox-log-")), "sends.log");
    const a = createSandboxCarrier(testSandboxConfig("shared", { ...FAST, sendLog }));
    const b = createSandboxCarrier(testSandboxConfig("shared", { ...FAST, sendLog }));
    try {
      // Both started before anything was sent: b learns of a's sends only from what a appends later.
      const first = await a.send(message("shared-1"));
      const again = await b.send(message("shared-1"));
      const other = await b.send(message("shared-2"));
      expect(first.accepted && again.accepted && other.accepted).toBe(true);
      if (!first.accepted || !again.accepted) return;
      expect(again.providerMessageId).toBe(first.providerMessageId);
      const lines = readFileSync(sendLog, "utf8").trim().split("\n");
      expect(lines.filter((l) => !l.endsWith(" again")).map((l) => l.split(" ")[0])).toEqual(["shared-1", "shared-2"]);
      expect(lines.filter((l) => l.endsWith(" again"))).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
