// The generic HTTP SMS adapter against a local provider of the common shape (stand-in/): the body filled from the
// channel's profile, the id read from the answer, delivery reports through the webhook (token checked, a report
// delivered twice keyed the same), and the provider's refusals mapped (401 disconnects, 429 slows down, 400 fails the
// recipient, 500 is unknown and not re-sent); customers' messages posted to the inbound URL (JSON, a form or a query)
// read by the channel's mapping, keyed by the provider's id.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboundMessage } from "../carrier";
import type { ChannelAdapter, ChannelConnection, KeyedEvent } from "../router/channel-adapter";
import { startDlrReceiver, until, type DlrReceiver } from "./dlr-receiver";
import { createHttpSmsAdapter } from "./index";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "./stand-in";

const KEY = "hx-live-key-1234";
const TOKEN = "verify-token-abc";
let provider: SmsHttpStandIn;
let receiver: DlrReceiver;
let adapter: ChannelAdapter;
const delivered = (): KeyedEvent[] => receiver.delivered;
let seq = 0;

function connection(apiKey: string): ChannelConnection {
  return {
    id: "00000000-0000-4000-8000-000000000077",
    userId: "u",
    provider: "sms_http",
    channel: "sms",
    version: 1,
    status: "connected",
    statusReason: null,
    verifyToken: TOKEN,
    secrets: { apiKey },
    settings: {
      url: provider.url,
      body: { to: "{{to_digits}}", sender: "{{from}}", message: "{{text}}", pe_id: "{{entity_id}}", ref: "{{id}}" },
      entityId: "1201159100000012345",
      messageIdPath: "data.message_id",
      dlr: {
        idPath: "message_id",
        statusPath: "status",
        codePath: "error_code",
        statuses: { DELIVERED: "delivered", UNDELIVERED: "failed" },
      },
      inbound: { fromPath: "from", toPath: "to", textPath: "text", idPath: "id" },
    },
  };
}
const sms = (to: string, text: string): OutboundMessage => ({
  id: `m-${++seq}`,
  channel: "sms",
  from: "JMSHOP",
  to,
  content: { kind: "text", text },
});

beforeAll(async () => {
  receiver = await startDlrReceiver(() => adapter);
  provider = await startSmsHttpStandIn({ apiKey: KEY, callbackUrl: `${receiver.url}?token=${TOKEN}` });
  adapter = createHttpSmsAdapter(
    connection(KEY),
    { success: () => undefined, sent: () => undefined, failure: () => undefined },
    { allowPrivate: true },
  );
});
afterAll(async () => {
  await provider?.close();
  await receiver?.close();
});

describe("HTTP SMS", () => {
  it("posts the profile's body with the key, reads the id, and takes the delivery report through the webhook", async () => {
    const result = await adapter.send(sms("+919812300001", 'He said "hi", {{to}} stays text'));
    expect(result).toEqual({ accepted: true, providerMessageId: provider.received[0].id });
    expect(provider.received[0].body).toEqual({
      to: "919812300001",
      sender: "JMSHOP",
      message: 'He said "hi", {{to}} stays text',
      pe_id: "1201159100000012345",
      ref: `m-${seq}`,
    });
    const events = await until(
      () =>
        delivered().filter((e) => e.event.type === "receipt" && e.event.providerMessageId === provider.received[0].id),
      (e) => e.length > 0,
    );
    expect(events).toEqual([
      { key: `${provider.received[0].id}:DELIVERED`, event: expect.objectContaining({ status: "delivered" }) },
    ]);
  });

  it("UNDELIVERED becomes failed with the provider's code; a report without the token is refused", async () => {
    provider.behaviour.undeliverable.add("919812300002");
    const result = await adapter.send(sms("+919812300002", "hello"));
    const id = result.accepted ? result.providerMessageId : "";
    const [event] = await until(
      () => delivered().filter((e) => e.key.startsWith(`${id}:`)),
      (e) => e.length > 0,
    );
    expect(event.event).toMatchObject({ status: "failed", code: "DND" });
    const forged = await adapter.webhook({
      method: "POST",
      query: { token: "guess" },
      headers: {},
      rawBody: Buffer.from(JSON.stringify({ message_id: id, status: "DELIVERED" })),
    });
    expect(forged).toEqual({ status: 403, body: "Unknown token" });
  });

  it("maps refusals: 400 fails the recipient, 429 slows the sender, 500 is unknown and not re-sent", async () => {
    expect(await adapter.send(sms("+91123", "x"))).toMatchObject({
      accepted: false,
      code: "400",
      retryable: false,
      reason: expect.stringContaining("Invalid mobile number"),
    });
    provider.behaviour.limitNext = 1;
    expect(await adapter.send(sms("+919812300003", "x"))).toMatchObject({
      accepted: false,
      code: "429",
      retryable: true,
      retry: "sender",
      retryAfterMs: 2000,
    });
    provider.behaviour.failNext = 1;
    await expect(adapter.send(sms("+919812300004", "x"))).rejects.toThrow(/may have been taken/);
  });

  it("a refused key disconnects the channel: the test says so, and nothing more is posted", async () => {
    const wrong = createHttpSmsAdapter(
      connection("wrong-key"),
      { success: () => undefined, sent: () => undefined, failure: () => undefined },
      { allowPrivate: true },
    );
    expect(await wrong.testConnection()).toMatchObject({ ok: false, code: "401", auth: true });
    const count = provider.received.length;
    expect(await wrong.send(sms("+919812300005", "x"))).toMatchObject({
      accepted: false,
      retry: "channel",
      reason: expect.stringContaining("SMS channel disconnected"),
    });
    expect(await wrong.send(sms("+919812300005", "x"))).toMatchObject({ accepted: false, code: "disconnected" });
    expect(provider.received.length).toBe(count);
    expect(await adapter.testConnection()).toMatchObject({ ok: true });
  });
});

describe("HTTP SMS customers' messages (inbound)", () => {
  const inboundUrl = () => `${receiver.url}?token=${TOKEN}&kind=inbound`;
  const inbound = () => delivered().filter((e) => e.event.type === "inbound");

  it("reads a JSON, a form and a query callback into inbound events with E.164 numbers, keyed by the provider's id", async () => {
    const before = inbound().length;
    const sent = [
      await provider.customerWrites(inboundUrl(), {
        from: "919812311111",
        to: "919876500001",
        text: 'Where is order "42"?',
      }),
      await provider.customerWrites(inboundUrl(), {
        from: "+91 98123 11112",
        to: "919876500001",
        text: "स्टॉप & more",
        format: "form",
      }),
      await provider.customerWrites(inboundUrl(), {
        from: "00919812311113",
        to: "919876500001",
        text: "hi there",
        format: "query",
      }),
    ];
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200]);
    const events = await until(inbound, (e) => e.length === before + 3);
    expect(events.slice(before)).toEqual([
      {
        key: `mo:${sent[0].id}`,
        event: {
          type: "inbound",
          channel: "sms",
          from: "+919812311111",
          to: "+919876500001",
          text: 'Where is order "42"?',
          at: expect.any(Date),
          channelId: connection(KEY).id,
        },
      },
      {
        key: `mo:${sent[1].id}`,
        event: expect.objectContaining({ from: "+919812311112", to: "+919876500001", text: "स्टॉप & more" }),
      },
      {
        key: `mo:${sent[2].id}`,
        event: expect.objectContaining({ from: "+919812311113", to: "+919876500001", text: "hi there" }),
      },
    ]);
  });

  it("a callback delivered twice is one message; a wrong token is 403 and a malformed one 400, neither taken", async () => {
    const first = await provider.customerWrites(inboundUrl(), {
      from: "919812311114",
      to: "919876500001",
      text: "once",
    });
    const again = await provider.customerWrites(inboundUrl(), {
      from: "919812311114",
      to: "919876500001",
      text: "once",
      id: first.id,
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    const forged = await provider.customerWrites(`${receiver.url}?token=guess&kind=inbound`, {
      from: "919812311115",
      to: "919876500001",
      text: "forged",
    });
    expect(forged).toMatchObject({ status: 403, body: "Unknown token" });
    const post = (body: string, type = "application/json") =>
      fetch(inboundUrl(), { method: "POST", headers: { "content-type": type }, body });
    const garbage = await post("{not json");
    const textless = await post(JSON.stringify({ id: "MO-x", from: "919812311116", to: "919876500001" }));
    const noFields = await post("", "application/json");
    expect([garbage.status, textless.status, noFields.status]).toEqual([400, 400, 400]);
    expect(await textless.text()).toBe("An inbound message needs from, text, id and to");
    await new Promise((r) => setTimeout(r, 100));
    const texts = inbound().map((e) => (e.event.type === "inbound" ? e.event.text : ""));
    expect(texts.filter((t) => t === "once")).toHaveLength(1);
    expect(texts).not.toContain("forged");
    expect(inbound().some((e) => e.key === "mo:MO-x")).toBe(false);
  });

  it("a channel without an inbound mapping refuses customers' messages (404), and a fixed reply number stands in for a callback without one", async () => {
    const { inbound: _mapping, ...plain } = connection(KEY).settings as Record<string, unknown>;
    const without = createHttpSmsAdapter(
      { ...connection(KEY), settings: plain },
      { success: () => undefined, sent: () => undefined, failure: () => undefined },
      { allowPrivate: true },
    );
    const body = Buffer.from(JSON.stringify({ id: "MO-1", from: "919812311117", to: "919876500001", text: "x" }));
    expect(
      await without.webhook({
        method: "POST",
        query: { token: TOKEN, kind: "inbound" },
        headers: { "content-type": "application/json" },
        rawBody: body,
      }),
    ).toMatchObject({ status: 404 });
    const fixed = createHttpSmsAdapter(
      {
        ...connection(KEY),
        settings: {
          ...plain,
          inbound: { fromPath: "sender", textPath: "message", idPath: "msgId", number: "+919876500002" },
        },
      },
      { success: () => undefined, sent: () => undefined, failure: () => undefined },
      { allowPrivate: true },
    );
    const answer = await fixed.webhook({
      method: "POST",
      query: { token: TOKEN, kind: "inbound" },
      headers: { "content-type": "application/json" },
      rawBody: Buffer.from(JSON.stringify({ sender: "919812311118", message: "hello", msgId: "abc" })),
    });
    expect(answer).toMatchObject({
      status: 200,
      events: [
        { key: "mo:abc", event: { type: "inbound", from: "+919812311118", to: "+919876500002", text: "hello" } },
      ],
    });
  });
});

describe("HTTP SMS through the SSRF guard (private addresses not allowed)", () => {
  it("refuses a loopback provider before any request, by address and by a name resolving to it: the test says so, a send disconnects", async () => {
    let requests = 0;
    const local = createServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" }).end('{"data":{"message_id":"x"}}');
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const port = (local.address() as AddressInfo).port;
    try {
      for (const url of [
        `http://127.0.0.1:${port}/send`,
        `http://localhost:${port}/send`,
        `http://[::ffff:127.0.0.1]:${port}/send`,
      ]) {
        const failures: { code: string; message: string; disconnect?: boolean }[] = [];
        const guarded = createHttpSmsAdapter(
          { ...connection(KEY), settings: { ...connection(KEY).settings, url } },
          { success: () => undefined, sent: () => undefined, failure: (f) => failures.push(f) },
          { allowPrivate: false },
        );
        expect(await guarded.testConnection(), url).toMatchObject({
          ok: false,
          code: "address",
          auth: false,
          message: expect.stringContaining(
            "The address is private, loopback or link-local; an SMS provider must have a public address",
          ),
        });
        expect(await guarded.send(sms("+919812300006", "x"))).toMatchObject({
          accepted: false,
          code: "address",
          retryable: true,
          retry: "channel",
        });
        expect(failures).toEqual([
          expect.objectContaining({
            code: "address",
            disconnect: true,
            message: expect.stringContaining("SMS channel disconnected: The address is private"),
          }),
        ]);
        expect(await guarded.send(sms("+919812300006", "x"))).toMatchObject({ accepted: false, code: "disconnected" });
      }
      expect(requests).toBe(0);
      const allowed = createHttpSmsAdapter(
        { ...connection(KEY), settings: { ...connection(KEY).settings, url: `http://localhost:${port}/send` } },
        { success: () => undefined, sent: () => undefined, failure: () => undefined },
        { allowPrivate: true },
      );
      expect(await allowed.send(sms("+919812300006", "x"))).toEqual({ accepted: true, providerMessageId: "x" });
      expect(requests).toBe(1);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  it("does not follow a redirect (a public URL could send it to a private one)", async () => {
    let followed = 0;
    const target = createServer((_req, res) => {
      followed++;
      res.end("{}");
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    const redirector = createServer((_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/` }).end(),
    );
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/send`;
      const adapter302 = createHttpSmsAdapter(
        { ...connection(KEY), settings: { ...connection(KEY).settings, url } },
        { success: () => undefined, sent: () => undefined, failure: () => undefined },
        { allowPrivate: true },
      );
      expect(await adapter302.send(sms("+919812300007", "x"))).toMatchObject({
        accepted: false,
        code: "302",
        retryable: false,
      });
      expect(followed).toBe(0);
    } finally {
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
      await new Promise<void>((resolve) => target.close(() => resolve()));
    }
  });
});
