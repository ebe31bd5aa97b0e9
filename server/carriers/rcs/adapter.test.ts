// The RBM adapter against the local stand-in (stand-in/): the JWT bearer grant verified with the service account's
// public key and cached, capability checks (404 and 403 refuse the send so its fallback applies), agentMessages with
// text, rich cards and suggestions and the bot's traffic type, RBM's errors mapped (429 slows down, 500 retries, 409
// is the same message again, 401 disconnects), revoke on TTL, files upload, and the webhook: handshake, signature
// refusal, receipts, user messages and taps, keyed so a second delivery is recognisable. Messages go under RBM ids
// derived from ours (message-id.test.ts covers the UUIDs).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RcsTemplateDraft } from "../../../contract/domain/rcs";
import type { OutboundMessage } from "../carrier";
import type { ChannelAdapter, ChannelConnection, KeyedEvent } from "../router/channel-adapter";
import type { RbmConfig } from "./config";
import { createRbmAdapter } from "./index";
import { rbmMessageId } from "./message-id";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn, type StandInKey } from "./stand-in";

const AGENT = "acme-bot";
const CLIENT_TOKEN = "SJENCPGJESMGUFPY";
const CHANNEL = "00000000-0000-4000-8000-000000000088";
const BOT = "0b0b0b0b-0000-4000-8000-000000000001";
let key: StandInKey;
let google: RbmStandIn;
let receiver: Server;
let adapter: ChannelAdapter;
const events: KeyedEvent[] = [];
const failures: { code: string; message: string; disconnect?: boolean }[] = [];
let sent = 0;
let seq = 0;

const config = (): RbmConfig => ({
  apiUrl: google.url,
  tokenUrl: google.tokenUrl,
  timeoutMs: 5_000,
  messagesPerSecond: 50,
  ttlSeconds: 3600,
});

function connection(keyJson: string, useCase = "PROMOTIONAL"): ChannelConnection {
  return {
    id: CHANNEL,
    userId: "u",
    provider: "rcs_google",
    channel: "rcs",
    version: 1,
    status: "connected",
    statusReason: null,
    verifyToken: "v",
    secrets: { serviceAccountKey: keyJson, clientToken: CLIENT_TOKEN },
    settings: { agentId: AGENT, botId: BOT, useCase },
  };
}
const health = {
  success: () => undefined,
  sent: () => void sent++,
  failure: (f: { code: string; message: string; disconnect?: boolean }) => void failures.push(f),
};
const make = (keyJson = key.json, useCase?: string) => createRbmAdapter(connection(keyJson, useCase), health, config());
/** RBM's id of our message (a UUID: message-id.ts), and the message Google holds under it. */
const uuidOf = (id: string) => rbmMessageId(CHANNEL, id);
const atGoogle = (id: string) => google.messages.get(uuidOf(id));
const text = (to: string, body: string): OutboundMessage => ({
  id: `rbm-${++seq}`,
  channel: "rcs",
  from: BOT,
  to,
  content: { kind: "text", text: body },
});

async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const draft = (over: Partial<RcsTemplateDraft>): RcsTemplateDraft => ({
  botId: BOT,
  name: "t",
  type: "text",
  textMessageContent: "",
  orientation: "VERTICAL",
  alignment: "LEFT",
  height: "MEDIUM",
  width: "MEDIUM",
  suggestions: [],
  standAlone: { cardTitle: "", cardDescription: "", mediaUrl: "", suggestions: [] },
  carouselList: [],
  ...over,
});

beforeAll(async () => {
  key = makeServiceAccountKey();
  google = await startRbmStandIn({ key, agentId: AGENT, clientToken: CLIENT_TOKEN });
  // What the webhook route does with the adapter's answer (server/routes/carrier-channels/webhooks.ts), in small.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void adapter
        .webhook({ method: "POST", query: {}, headers: req.headers, rawBody: Buffer.concat(chunks) })
        .then((answer) => {
          events.push(...(answer.events ?? []));
          res.writeHead(answer.status);
          res.end(answer.body ?? "");
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  google.webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rbm`;
});
beforeEach(() => {
  adapter = make();
  events.length = 0;
  failures.length = 0;
  google.behaviour.revoked = false;
});
afterAll(async () => {
  await google?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("RBM sends", () => {
  it("authenticates with a JWT the token endpoint verifies, caches the token, checks capability and sends text with the bot's traffic type", async () => {
    google.behaviour.capable.add("+919800000001");
    const grants = google.grants;
    const first = await adapter.send(text("+919800000001", "Hello, World!"));
    const second = await adapter.send(text("+919800000001", "Again"));
    expect(first).toEqual({ accepted: true, providerMessageId: uuidOf(`rbm-${seq - 1}`) });
    expect(second.accepted).toBe(true);
    expect(google.grants - grants).toBe(1);
    expect(atGoogle(`rbm-${seq}`)?.body).toEqual({
      contentMessage: { text: "Again" },
      messageTrafficType: "PROMOTION",
      ttl: "3600s",
    });
    expect(sent).toBeGreaterThanOrEqual(2);
  });

  it("a message's own TTL (a campaign failing over on undelivered) shortens the channel's, never lengthens it", async () => {
    google.behaviour.capable.add("+919800000009");
    await adapter.send({ ...text("+919800000009", "Short"), ttlSeconds: 600 });
    expect(atGoogle(`rbm-${seq}`)?.body.ttl).toBe("600s");
    await adapter.send({ ...text("+919800000009", "Long"), ttlSeconds: 7200 });
    expect(atGoogle(`rbm-${seq}`)?.body.ttl).toBe("3600s");
  });

  it("sends the CSAT survey's five reply chips; RBM's limits refuse 12 chips or a chip of 26 characters", async () => {
    google.behaviour.capable.add("+919800000010");
    const chips = (n: number, label = (i: number) => String(i)) =>
      Array.from({ length: n }, (_, i) => ({ type: "reply", text: label(i + 1), postbackData: `csat:${i + 1}` }));
    const survey = (suggestions: unknown[]): OutboundMessage => ({
      ...text("+919800000010", "How did we do?"),
      content: { kind: "rcs", draft: { type: "text", textMessageContent: "How did we do?", suggestions } },
    });
    const cases: [string, unknown[], boolean][] = [
      ["five chips", chips(5), true],
      ["eleven chips", chips(11), true],
      ["twelve chips", chips(12), false],
      ["a 25-character chip", chips(1, () => "x".repeat(25)), true],
      ["a 26-character chip", chips(1, () => "x".repeat(26)), false],
    ];
    for (const [name, suggestions, accepted] of cases) {
      const result = await adapter.send(survey(suggestions));
      expect(result.accepted, name).toBe(accepted);
    }
    expect(atGoogle(`rbm-${seq - 4}`)?.body.contentMessage?.suggestions).toEqual(
      chips(5).map((c) => ({ reply: { text: c.text, postbackData: c.postbackData } })),
    );
  });

  it("maps use cases to traffic types: OTP bots send AUTHENTICATION, multi-use chat texts SERVICEREQUEST", async () => {
    google.behaviour.capable.add("+919800000002");
    await make(key.json, "OTP").send(text("+919800000002", "Your code is 123456"));
    expect(atGoogle(`rbm-${seq}`)?.body.messageTrafficType).toBe("AUTHENTICATION");
    await make(key.json, "MULTI_USE").send(text("+919800000002", "How can we help?"));
    expect(atGoogle(`rbm-${seq}`)?.body.messageTrafficType).toBe("SERVICEREQUEST");
  });

  it("sends a standalone rich card and a carousel with suggestions in RBM's shape", async () => {
    google.behaviour.capable.add("+919800000003");
    const card = draft({
      type: "standalone",
      orientation: "HORIZONTAL",
      alignment: "RIGHT",
      height: "TALL",
      standAlone: {
        cardTitle: "Diwali sale",
        cardDescription: "40% off",
        mediaUrl: "https://cdn.example.com/sale.jpg",
        suggestions: [{ type: "url", text: "Shop", url: "https://shop.example.com" }],
      },
      suggestions: [{ type: "reply", text: "Stop", postbackData: "STOP" }],
    });
    const r1 = await adapter.send({
      id: `rbm-${++seq}`,
      channel: "rcs",
      from: BOT,
      to: "+919800000003",
      content: { kind: "rcs", draft: card },
    });
    expect(r1.accepted).toBe(true);
    expect(atGoogle(`rbm-${seq}`)?.body.contentMessage).toEqual({
      richCard: {
        standaloneCard: {
          cardOrientation: "HORIZONTAL",
          thumbnailImageAlignment: "RIGHT",
          cardContent: {
            title: "Diwali sale",
            description: "40% off",
            media: {
              height: "TALL",
              contentInfo: { fileUrl: "https://cdn.example.com/sale.jpg", forceRefresh: false },
            },
            suggestions: [
              { action: { text: "Shop", postbackData: "Shop", openUrlAction: { url: "https://shop.example.com" } } },
            ],
          },
        },
      },
      suggestions: [{ reply: { text: "Stop", postbackData: "STOP" } }],
    });
    const cards = [2, 1].map((order) => ({
      order,
      cardTitle: `Card ${order}`,
      cardDescription: "",
      mediaUrl: "",
      suggestions: [{ type: "dial" as const, text: "Call", phoneNumber: "+911800000000" }],
    }));
    await adapter.send({
      id: `rbm-${++seq}`,
      channel: "rcs",
      from: BOT,
      to: "+919800000003",
      content: { kind: "rcs", draft: draft({ type: "carousel", width: "SMALL", carouselList: cards }) },
    });
    expect(atGoogle(`rbm-${seq}`)?.body.contentMessage).toEqual({
      richCard: {
        carouselCard: {
          cardWidth: "SMALL",
          cardContents: [1, 2].map((n) => ({
            title: `Card ${n}`,
            suggestions: [
              { action: { text: "Call", postbackData: "Call", dialAction: { phoneNumber: "+911800000000" } } },
            ],
          })),
        },
      },
    });
  });

  it("uploads media with files.create and sends the uploaded file", async () => {
    google.behaviour.capable.add("+919800000004");
    const { handle } = await adapter.uploadMedia({
      channel: "rcs",
      owner: BOT,
      purpose: "message",
      bytes: new Uint8Array([0xff, 0xd8, 0xff, 1, 2]),
      mimeType: "image/jpeg",
      fileName: "a.jpg",
    });
    expect(handle).toMatch(/^files\//);
    expect(google.files.at(-1)).toEqual({ name: handle, mimeType: "image/jpeg", bytes: 5 });
    await adapter.send({
      id: `rbm-${++seq}`,
      channel: "rcs",
      from: BOT,
      to: "+919800000004",
      content: { kind: "media", mediaUrl: handle, mimeType: "image/jpeg" },
    });
    expect(atGoogle(`rbm-${seq}`)?.body.contentMessage).toEqual({ uploadedRbmFile: { fileName: handle } });
  });
});

describe("RBM refusals", () => {
  it("capability 404 (not RCS-capable) and 403 (agent not launched on the carrier) refuse the send for good, so the fallback applies", async () => {
    google.behaviour.unlaunched.add("+919800000012");
    const notCapable = await adapter.send(text("+919800000011", "hi"));
    expect(notCapable).toEqual({
      accepted: false,
      code: "404",
      reason: "NOT_FOUND: the recipient is not RCS-capable",
      retryable: false,
    });
    const notLaunched = await adapter.send(text("+919800000012", "hi"));
    expect(notLaunched).toEqual({
      accepted: false,
      code: "403",
      reason: "PERMISSION_DENIED: the agent is not launched on the recipient's carrier",
      retryable: false,
    });
    expect(google.messages.has(uuidOf(`rbm-${seq}`))).toBe(false);
    expect(await adapter.checkCapability({ channel: "rcs", to: "+919800000011", from: BOT })).toEqual({
      capable: false,
      reason: "not-on-channel",
    });
    expect(await adapter.checkCapability({ channel: "rcs", to: "+919800000012", from: BOT })).toEqual({
      capable: false,
      reason: "not-launched-on-carrier",
    });
    expect(failures).toEqual([]);
  });

  it("429 RESOURCE_EXHAUSTED slows the agent down by Retry-After; 500 INTERNAL is retried; 409 (the same id again) counts as sent", async () => {
    google.behaviour.capable.add("+919800000013");
    google.behaviour.limitNext = 1;
    const limited = await adapter.send(text("+919800000013", "hi"));
    expect(limited).toMatchObject({
      accepted: false,
      code: "429",
      retryable: true,
      retry: "sender",
      retryAfterMs: 2000,
    });
    google.behaviour.failNext = 1;
    const failed = await adapter.send(text("+919800000013", "hi"));
    expect(failed).toMatchObject({ accepted: false, code: "500", retryable: true, retry: "sender" });
    const message = text("+919800000013", "once");
    expect(await adapter.send(message)).toEqual({ accepted: true, providerMessageId: uuidOf(message.id) });
    expect(await adapter.send(message)).toEqual({ accepted: true, providerMessageId: uuidOf(message.id) });
    expect([...google.messages.values()].filter((m) => m.id === uuidOf(message.id))).toHaveLength(1);
    expect(failures.map((f) => f.code)).toEqual(["429", "500"]);
  });

  it("revoked credentials disconnect the channel with a clear message; later sends do not reach Google", async () => {
    google.behaviour.capable.add("+919800000014");
    await adapter.send(text("+919800000014", "warm the token"));
    google.behaviour.revoked = true;
    const refused = await adapter.send(text("+919800000014", "hi"));
    expect(refused).toMatchObject({ accepted: false, code: "UNAUTHENTICATED", retryable: true, retry: "channel" });
    expect(failures.at(-1)).toMatchObject({
      disconnect: true,
      message: expect.stringMatching(
        /^RCS channel disconnected: Google refused the service account .*Upload a new service-account key/,
      ),
    });
    const before = google.messages.size;
    expect(await adapter.send(text("+919800000014", "again"))).toMatchObject({
      accepted: false,
      code: "disconnected",
      retry: "channel",
    });
    expect(google.messages.size).toBe(before);
  });

  it("a key Google does not know (signed with another key) fails the connection test as an auth error", async () => {
    const other = makeServiceAccountKey(key.clientEmail);
    const check = await make(other.json).testConnection();
    expect(check).toMatchObject({ ok: false, code: "invalid_grant", auth: true });
    expect(await adapter.testConnection()).toEqual({ ok: true, name: AGENT, phoneNumbers: [] });
    const wrongAgent = createRbmAdapter(
      { ...connection(key.json), settings: { agentId: "someone-else", botId: BOT } },
      health,
      config(),
    );
    expect(await wrongAgent.testConnection()).toMatchObject({ ok: false, code: "PERMISSION_DENIED", auth: true });
  });
});

describe("RBM webhook", () => {
  it("answers the configuration handshake only to the right client token", async () => {
    expect(await google.handshake(CLIENT_TOKEN, "1234567890")).toEqual({ status: 200, body: "1234567890" });
    expect((await google.handshake("WRONGTOKEN", "1234567890")).status).toBe(403);
  });

  it("refuses a signature made with another token and takes nothing", async () => {
    const answer = await google.push(
      { senderPhoneNumber: "+919800000021", messageId: "MxForged", text: "hi", agentId: `${AGENT}@rbm.goog` },
      { signWith: "not-the-token" },
    );
    expect(answer.status).toBe(403);
    expect(events).toEqual([]);
  });

  it("turns DELIVERED and READ into receipts of the message's RBM id, and a delivery twice into the same key", async () => {
    google.behaviour.capable.add("+919800000022");
    const message = text("+919800000022", "hi");
    await adapter.send(message);
    const id = uuidOf(message.id);
    expect(await google.deliver(id)).toBe(200);
    expect(await google.deliver(id)).toBe(200);
    expect(await google.read(id)).toBe(200);
    expect(events.map((e) => e.key)).toEqual([`${id}:delivered`, `${id}:delivered`, `${id}:read`]);
    expect(events[0].event).toMatchObject({ type: "receipt", providerMessageId: id, status: "delivered" });
  });

  it("user texts and suggestion taps arrive as inbound messages to the bot", async () => {
    await google.userText("+919800000023", "Where is my order?");
    await google.tap("+919800000023", "Track order", "TRACK");
    expect(events.map((e) => e.event)).toEqual([
      expect.objectContaining({
        type: "inbound",
        channel: "rcs",
        from: "+919800000023",
        to: BOT,
        text: "Where is my order?",
      }),
      // The chip's text, and its postbackData beside it (a CSAT answer is read from it first).
      expect.objectContaining({ type: "inbound", from: "+919800000023", text: "Track order", payload: "TRACK" }),
    ]);
    expect(events[0]?.event).not.toHaveProperty("payload");
    expect(new Set(events.map((e) => e.key)).size).toBe(2);
  });

  it("a TTL that passes fails the message EXPIRED (so it falls back); when RBM could not revoke, the adapter revokes it", async () => {
    google.behaviour.capable.add("+919800000024");
    const a = text("+919800000024", "expires");
    const b = text("+919800000024", "revoke fails");
    const c = text("+919800000024", "delivered first");
    for (const m of [a, b, c]) await adapter.send(m);
    const [ia, ib, ic] = [a, b, c].map((m) => uuidOf(m.id));
    await google.expire(ia);
    await google.expire(ib, true);
    await google.deliver(ic);
    await google.expire(ic, true);
    expect(google.messages.get(ib)?.state).toBe("revoked");
    expect(
      events
        .filter((e) => e.event.type === "receipt" && e.event.status === "failed")
        .map((e) => [e.key, e.event.type === "receipt" ? e.event.code : ""]),
    ).toEqual([
      [`${ia}:failed`, "EXPIRED"],
      [`${ib}:failed`, "EXPIRED"],
    ]);
    expect(
      await until(
        () => events.filter((e) => e.key === `${ic}:delivered`).length,
        (n) => n === 1,
      ),
    ).toBe(1);
  });
});
