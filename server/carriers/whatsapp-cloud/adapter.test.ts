// The WhatsApp Cloud API adapter against the stand-in (no database): every message kind, Meta's errors mapped to
// behaviour, throttling, templates, media, the connection test and the webhooks' signature. The server-level flows
// (campaign, chat, the webhook route's idempotence) are in server/test/whatsapp-cloud.test.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CarrierEvent, OutboundMessage, SendResult } from "../carrier";
import { MediaRefused } from "../media-refused";
import type { ChannelAdapter, ChannelHealth } from "../router/channel-adapter";
import { whatsappCloudConfigFromEnv } from "./config";
import { createWhatsAppCloudAdapter } from "./index";
import {
  DEFAULT_APP,
  DEFAULT_TOKEN,
  DOC_CUSTOMER_WA_ID,
  DOC_PHONE_NUMBER_ID,
  DOC_SEND_TEXT_REQUEST,
  DOC_TEXT_MESSAGE_WEBHOOK,
  DOC_WABA_ID,
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from "./stand-in";
import { signatureOf } from "./webhooks";

const VERIFY_TOKEN = "verify-token-for-tests";
const CUSTOMER = `+${DOC_CUSTOMER_WA_ID}`;

interface HealthLog extends ChannelHealth {
  sentCount: number;
  failures: { code: string; message: string; disconnect?: boolean }[];
}

function healthLog(): HealthLog {
  const log: HealthLog = {
    sentCount: 0,
    failures: [],
    success: () => undefined,
    sent: () => {
      log.sentCount += 1;
    },
    failure: (f) => {
      log.failures.push(f);
    },
  };
  return log;
}

let standIn: WhatsAppStandIn;
let receiver: Server;
let receiverUrl: string;
let adapter: ChannelAdapter;
let health: HealthLog;
const events: CarrierEvent[] = [];

function adapterFor(token = DEFAULT_TOKEN, extra: { appId?: string; mps?: number } = {}): ChannelAdapter {
  health = healthLog();
  const made = createWhatsAppCloudAdapter(
    {
      id: "00000000-0000-4000-8000-000000000001",
      userId: "owner",
      provider: "whatsapp_cloud",
      channel: "whatsapp",
      version: 1,
      status: "connected",
      statusReason: null,
      settings: {
        wabaId: DOC_WABA_ID,
        phoneNumberIds: [DOC_PHONE_NUMBER_ID],
        ...(extra.appId ? { appId: extra.appId } : {}),
        ...(extra.mps ? { messagesPerSecond: extra.mps } : {}),
      },
      secrets: { accessToken: token, appSecret: DEFAULT_APP.secret },
      verifyToken: VERIFY_TOKEN,
    },
    health,
    { ...whatsappCloudConfigFromEnv({}), graphUrl: standIn.url, timeoutMs: 5000 },
  );
  made.onEvent((e) => {
    events.push(e);
  });
  return made;
}

let sequence = 0;
const message = (content: OutboundMessage["content"], to = CUSTOMER): OutboundMessage => ({
  id: `m-${++sequence}`,
  channel: "whatsapp",
  from: DOC_PHONE_NUMBER_ID,
  to,
  content,
});
const lastPayload = () => standIn.state.accepted.at(-1)?.payload;
const refused = (r: SendResult) => (r.accepted ? undefined : r);

// Generous: events come by webhooks from the stand-in's timers, on a machine busy with other test files. (The verdict
// that once never came was an id past 2^53, not a slow webhook: see stand-in/state.ts nextId.)
async function eventsUntil(done: (all: CarrierEvent[]) => boolean, ms = 15_000): Promise<CarrierEvent[]> {
  const end = Date.now() + ms;
  while (!done(events)) {
    if (Date.now() > end) throw new Error(`no such events; got ${JSON.stringify(events)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return events;
}

beforeAll(async () => {
  standIn = await startWhatsAppStandIn({
    behaviour: { notOnWhatsApp: ["+919000000011"], delays: { sentMs: 5, deliveredMs: 5, readMs: 5 }, reviewMs: 30 },
  });
  // Our side of the webhooks: raw bytes into the adapter, as the server's route does.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      void adapter
        .webhook({
          method: req.method === "GET" ? "GET" : "POST",
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
        })
        .then((answer) => {
          for (const e of answer.events ?? []) events.push(e.event);
          res.writeHead(answer.status).end(answer.body ?? "");
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  adapter = adapterFor();
  expect(await standIn.configureWebhook(receiverUrl, VERIFY_TOKEN)).toBe(true);
});

afterAll(async () => {
  await standIn?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(() => {
  events.length = 0;
});

describe("sending each kind of message", () => {
  it("text inside the window: the documented request shape, answered with a wamid, receipts by webhook with our id", async () => {
    await standIn.customerWrites({ from: CUSTOMER, phoneNumberId: DOC_PHONE_NUMBER_ID, text: "Hi" });
    const m = message({ kind: "text", text: "Your order shipped: https://example.com/t/1" });
    const result = await adapter.send(m);
    expect(result).toEqual({ accepted: true, providerMessageId: expect.stringMatching(/^wamid\./) });
    const { to: _to, text: _text, ...documented } = DOC_SEND_TEXT_REQUEST;
    expect(lastPayload()).toMatchObject({
      ...documented,
      to: DOC_CUSTOMER_WA_ID,
      text: { body: "Your order shipped: https://example.com/t/1", preview_url: true },
      biz_opaque_callback_data: m.id,
    });
    const all = await eventsUntil((e) => e.some((x) => x.type === "receipt" && x.status === "read"));
    const receipts = all.filter((e) => e.type === "receipt");
    expect(receipts.map((r) => r.type === "receipt" && r.status)).toEqual(["sent", "delivered", "read"]);
    expect(
      receipts.every(
        (r) =>
          r.type === "receipt" &&
          r.messageId === m.id &&
          r.providerMessageId === (result.accepted ? result.providerMessageId : ""),
      ),
    ).toBe(true);
    expect(health.sentCount).toBeGreaterThan(0);
  });

  it("the same id twice goes out once (Meta has no idempotency key; the adapter remembers)", async () => {
    const m = message({ kind: "text", text: "once" });
    const before = standIn.state.accepted.length;
    const [a, b] = await Promise.all([adapter.send(m), adapter.send(m)]);
    const c = await adapter.send(m);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    expect(standIn.state.accepted.length).toBe(before + 1);
    expect(adapter.idempotentSends).toBe(false);
    expect(adapter.profile).toEqual({ idempotentSends: false, perSecond: 80 });
  });

  it("a template with header media, body variables and buttons", async () => {
    const components = [
      { type: "HEADER", format: "IMAGE", example: { header_handle: ["4::aW1hZ2UvanBlZw==:x"] } },
      { type: "BODY", text: "Hi {{1}}, your order {{2}} is ready.", example: { body_text: [["Asha", "A-1"]] } },
      {
        type: "BUTTONS",
        buttons: [
          { type: "URL", text: "Track", url: "https://example.com/t/{{1}}", example: ["https://example.com/t/A-1"] },
          { type: "QUICK_REPLY", text: "Stop" },
        ],
      },
    ];
    const { providerTemplateId, review } = await adapter.submitTemplate({
      channel: "whatsapp",
      wabaId: DOC_WABA_ID,
      name: "order_ready",
      language: "en_US",
      category: "UTILITY",
      components,
    });
    expect(review.status).toBe("PENDING");
    await eventsUntil((e) =>
      e.some(
        (x) => x.type === "template" && x.providerTemplateId === providerTemplateId && x.review.status === "APPROVED",
      ),
    );
    const ok = await adapter.send(
      message({
        kind: "template",
        templateName: "order_ready",
        language: "en_US",
        params: ["Asha", "A-1"],
        header: { format: "image", link: "https://cdn.example.com/order.jpg" },
        buttons: [
          { index: 0, subType: "url", value: "A-1" },
          { index: 1, subType: "quick_reply", value: "STOP" },
        ],
      }),
    );
    expect(ok.accepted).toBe(true);
    expect(lastPayload()).toMatchObject({
      type: "template",
      template: {
        name: "order_ready",
        language: { code: "en_US" },
        components: [
          { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.example.com/order.jpg" } }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "A-1" },
            ],
          },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "A-1" }] },
          { type: "button", sub_type: "quick_reply", index: "1", parameters: [{ type: "payload", payload: "STOP" }] },
        ],
      },
    });
    // Without its header image Meta refuses the send (132012): the message failed, no retry.
    const missing = refused(
      await adapter.send(
        message({ kind: "template", templateName: "order_ready", language: "en_US", params: ["Asha", "A-1"] }),
      ),
    );
    expect(missing).toMatchObject({ code: "132012", retryable: false });
    // Without the Track button's suffix (its url ends in {{1}}) Meta refuses it too (131008); the quick reply's
    // payload is optional.
    const noSuffix = refused(
      await adapter.send(
        message({
          kind: "template",
          templateName: "order_ready",
          language: "en_US",
          params: ["Asha", "A-1"],
          header: { format: "image", link: "https://cdn.example.com/order.jpg" },
          buttons: [{ index: 1, subType: "quick_reply", value: "STOP" }],
        }),
      ),
    );
    expect(noSuffix).toMatchObject({ code: "131008", retryable: false });
    // A template that does not exist: 132001.
    expect(
      refused(
        await adapter.send(message({ kind: "template", templateName: "no_such", language: "en_US", params: [] })),
      ),
    ).toMatchObject({ code: "132001", retryable: false });
  });

  it.each([
    ["image/jpeg", "image", "A photo", { caption: "A photo" }],
    ["video/mp4", "video", "A clip", { caption: "A clip" }],
    ["application/pdf", "document", "The invoice", { caption: "The invoice", filename: "invoice.pdf" }],
    ["audio/ogg", "audio", "ignored", {}],
  ] as const)("media %s goes as %s", async (mimeType, type, caption, expected) => {
    await standIn.customerWrites({ from: CUSTOMER, phoneNumberId: DOC_PHONE_NUMBER_ID, text: "send it" });
    const result = await adapter.send(
      message({
        kind: "media",
        mediaUrl: `https://cdn.example.com/f.${type}`,
        mimeType,
        caption,
        fileName: "invoice.pdf",
      }),
    );
    expect(result.accepted).toBe(true);
    expect(lastPayload()).toMatchObject({ type, [type]: { link: `https://cdn.example.com/f.${type}`, ...expected } });
    if (type === "audio") expect((lastPayload()?.audio as Record<string, unknown>).caption).toBeUndefined();
  });

  it("interactive reply buttons and lists; a fourth button is refused as Meta does (100)", async () => {
    const buttons = await adapter.send(
      message({
        kind: "interactive",
        body: "Keep your booking?",
        buttons: [
          { id: "keep", title: "Keep" },
          { id: "cancel-button", title: "Cancel" },
        ],
      }),
    );
    expect(buttons.accepted).toBe(true);
    expect(lastPayload()).toMatchObject({
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "Keep your booking?" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "keep", title: "Keep" } },
            { type: "reply", reply: { id: "cancel-button", title: "Cancel" } },
          ],
        },
      },
    });
    const list = await adapter.send(
      message({
        kind: "interactive",
        body: "Pick a slot",
        header: "Slots",
        footer: "Times in IST",
        list: {
          button: "Slots",
          sections: [{ title: "Today", rows: [{ id: "t1", title: "10:00", description: "Morning" }] }],
        },
      }),
    );
    expect(list.accepted).toBe(true);
    expect(lastPayload()).toMatchObject({
      interactive: {
        type: "list",
        header: { type: "text", text: "Slots" },
        footer: { text: "Times in IST" },
        action: {
          button: "Slots",
          sections: [{ title: "Today", rows: [{ id: "t1", title: "10:00", description: "Morning" }] }],
        },
      },
    });
    const four = Array.from({ length: 4 }, (_, i) => ({ id: `b${i}`, title: `B${i}` }));
    expect(
      refused(await adapter.send(message({ kind: "interactive", body: "Too many", buttons: four }))),
    ).toMatchObject({ code: "100", retryable: false });
    // The customer's tap comes back as an inbound message with the button's title.
    await standIn.customerTaps({
      from: CUSTOMER,
      phoneNumberId: DOC_PHONE_NUMBER_ID,
      buttonId: "cancel-button",
      title: "Cancel",
    });
    await eventsUntil((e) =>
      e.some(
        (x) =>
          x.type === "inbound" &&
          x.text === "Cancel" &&
          x.payload === "cancel-button" && // button_reply.id beside the title (a CSAT answer is read from it)
          x.from === CUSTOMER &&
          x.to === DOC_PHONE_NUMBER_ID,
      ),
    );
  });
});

describe("Meta's errors mapped to behaviour", () => {
  it("131056 (pair rate limit): retry this recipient later, others go on", async () => {
    standIn.script("+919812340001", 131056);
    expect(refused(await adapter.send(message({ kind: "text", text: "x" }, "+919812340001")))).toMatchObject({
      code: "131056",
      retryable: true,
      retry: "recipient",
      retryAfterMs: 6000,
    });
  });

  it("131047 outside the 24-hour window: a failed receipt with the code, not retried", async () => {
    const stranger = "+919812340002";
    const result = await adapter.send(message({ kind: "text", text: "hello?" }, stranger));
    expect(result.accepted).toBe(true);
    const all = await eventsUntil((e) => e.some((x) => x.type === "receipt" && x.status === "failed"));
    expect(all.find((x) => x.type === "receipt" && x.status === "failed")).toMatchObject({
      code: "131047",
      reason: expect.stringContaining("Re-engagement message"),
    });
    // Refused at submit instead (Meta does both): the same meaning, not retryable.
    standIn.script(stranger, 131047);
    expect(refused(await adapter.send(message({ kind: "text", text: "again" }, stranger)))).toMatchObject({
      code: "131047",
      retryable: false,
      reason: expect.stringContaining("24-hour window"),
    });
  });

  it("131026 not deliverable: a failed receipt with the code (the campaign's SMS failover condition)", async () => {
    const result = await adapter.send(
      message(
        {
          kind: "template",
          templateName: "order_ready",
          language: "en_US",
          params: ["A", "B"],
          header: { format: "image", link: "https://cdn.example.com/o.jpg" },
          buttons: [{ index: 0, subType: "url", value: "B" }],
        },
        "+919000000011",
      ),
    );
    expect(result.accepted).toBe(true);
    const all = await eventsUntil((e) => e.some((x) => x.type === "receipt" && x.status === "failed"));
    expect(all.find((x) => x.type === "receipt" && x.status === "failed")).toMatchObject({ code: "131026" });
    standIn.script("+919000000012", 131026);
    expect(refused(await adapter.send(message({ kind: "text", text: "x" }, "+919000000012")))).toMatchObject({
      code: "131026",
      retryable: false,
    });
  });

  it("131050 stopped marketing: a MARKETING template is accepted, then fails with the code; a UTILITY one goes", async () => {
    const waba = standIn.state.wabas.get(DOC_WABA_ID);
    const template = { id: "9131050", language: "en_US", status: "APPROVED" as const, rejected_reason: "NONE" };
    const body = [{ type: "BODY", text: "Sale today" }];
    waba?.templates.push({ ...template, name: "promo_131050", category: "MARKETING", components: body });
    waba?.templates.push({ ...template, id: "9131051", name: "notice_131050", category: "UTILITY", components: body });
    standIn.state.behaviour.stoppedMarketing.add("919000000013");
    const send = (templateName: string) =>
      adapter.send(message({ kind: "template", templateName, language: "en_US", params: [] }, "+919000000013"));
    const promo = await send("promo_131050");
    const notice = await send("notice_131050");
    const id = (r: SendResult) => (r.accepted ? r.providerMessageId : "");
    const all = await eventsUntil((e) =>
      e.some((x) => x.type === "receipt" && x.providerMessageId === id(promo) && x.status === "failed"),
    );
    expect(
      all.find((x) => x.type === "receipt" && x.providerMessageId === id(promo) && x.status === "failed"),
    ).toMatchObject({ code: "131050" });
    await eventsUntil((e) =>
      e.some((x) => x.type === "receipt" && x.providerMessageId === id(notice) && x.status === "delivered"),
    );
  });

  it("130429 throughput: beyond the number's rate Meta refuses and the sender slows down", async () => {
    const slow = await startWhatsAppStandIn({ behaviour: { messagesPerSecond: 5 } });
    try {
      const fast = createWhatsAppCloudAdapter(
        {
          id: "00000000-0000-4000-8000-000000000002",
          userId: "o",
          provider: "whatsapp_cloud",
          channel: "whatsapp",
          version: 1,
          status: "connected",
          statusReason: null,
          settings: { wabaId: DOC_WABA_ID, phoneNumberIds: [DOC_PHONE_NUMBER_ID], messagesPerSecond: 5 },
          secrets: { accessToken: DEFAULT_TOKEN, appSecret: DEFAULT_APP.secret },
          verifyToken: "v",
        },
        healthLog(),
        { ...whatsappCloudConfigFromEnv({}), graphUrl: slow.url },
      );
      expect(fast.profile.perSecond).toBe(5);
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          fast.send(message({ kind: "interactive", body: "b", buttons: [{ id: "a", title: "A" }] })),
        ),
      );
      const throttled = results.filter((r) => !r.accepted);
      expect(results.filter((r) => r.accepted)).toHaveLength(5);
      expect(throttled).toHaveLength(7);
      expect(throttled.every((r) => !r.accepted && r.code === "130429" && r.retryable && r.retry === "sender")).toBe(
        true,
      );
    } finally {
      await slow.close();
    }
  });

  it("131000 at submit is retried; an unknown error fails without retry", async () => {
    standIn.script("+919812340003", 131000);
    expect(refused(await adapter.send(message({ kind: "text", text: "x" }, "+919812340003")))).toMatchObject({
      code: "131000",
      retryable: true,
    });
    expect(refused(await adapter.send(message({ kind: "text", text: "" })))).toMatchObject({
      code: "100",
      retryable: false,
    });
  });

  it("190 (token refused): the channel is disconnected with a clear message and refuses at once after", async () => {
    const token = "EAAJB-a-token-that-will-be-revoked-0002";
    standIn.state.tokens.set(token, new Set([DOC_WABA_ID]));
    const doomed = adapterFor(token);
    standIn.revokeToken(token);
    const first = refused(await doomed.send(message({ kind: "text", text: "x" })));
    expect(first).toMatchObject({
      code: "190",
      retryable: true,
      retry: "channel",
      reason: expect.stringContaining("Enter a new system-user token"),
    });
    expect(health.failures.at(-1)).toMatchObject({ code: "190", disconnect: true });
    const before = standIn.state.accepted.length;
    expect(refused(await doomed.send(message({ kind: "text", text: "y" })))).toMatchObject({ retry: "channel" });
    expect(standIn.state.accepted.length).toBe(before);
    expect(await doomed.testConnection()).toMatchObject({ ok: false, auth: true, code: "190" });
    adapter = adapterFor();
  });

  it("no answer at all (Meta unreachable): the send throws, its outcome unknown", async () => {
    const gone = createWhatsAppCloudAdapter(
      {
        id: "00000000-0000-4000-8000-000000000003",
        userId: "o",
        provider: "whatsapp_cloud",
        channel: "whatsapp",
        version: 1,
        status: "connected",
        statusReason: null,
        settings: { wabaId: DOC_WABA_ID, phoneNumberIds: [DOC_PHONE_NUMBER_ID] },
        secrets: { accessToken: DEFAULT_TOKEN, appSecret: DEFAULT_APP.secret },
        verifyToken: "v",
      },
      healthLog(),
      { ...whatsappCloudConfigFromEnv({}), graphUrl: "http://127.0.0.1:9", timeoutMs: 2000 },
    );
    await expect(gone.send(message({ kind: "text", text: "x" }))).rejects.toThrow();
  });
});

describe("templates, media and the connection", () => {
  it("create, poll, list and delete through message_templates; a rejection says why", async () => {
    const body = [{ type: "BODY", text: "Hello {{1}}, welcome aboard.", example: { body_text: [["Asha"]] } }];
    const made = await adapter.submitTemplate({
      channel: "whatsapp",
      wabaId: DOC_WABA_ID,
      name: "welcome_reject_me",
      language: "en_US",
      category: "MARKETING",
      components: body,
    });
    const verdict = await eventsUntil((e) =>
      e.some((x) => x.type === "template" && x.providerTemplateId === made.providerTemplateId),
    );
    // Its own verdict: earlier tests' templates have theirs in the same event list.
    expect(
      verdict.find((x) => x.type === "template" && x.providerTemplateId === made.providerTemplateId),
    ).toMatchObject({ review: { status: "REJECTED", reason: expect.stringContaining("INVALID_FORMAT") } });
    expect(
      await adapter.templateStatus({
        providerTemplateId: made.providerTemplateId,
        submission: {
          channel: "whatsapp",
          wabaId: DOC_WABA_ID,
          name: "x",
          language: "en_US",
          category: "MARKETING",
          components: [],
        },
        submittedAt: new Date(),
      }),
    ).toMatchObject({ status: "REJECTED", reason: "INVALID_FORMAT" });
    const listed = await adapter.listTemplates?.(DOC_WABA_ID);
    expect(listed?.map((t) => t.name)).toContain("welcome_reject_me");
    await adapter.deleteTemplate?.({ wabaId: DOC_WABA_ID, name: "welcome_reject_me" });
    expect((await adapter.listTemplates?.(DOC_WABA_ID))?.map((t) => t.name)).not.toContain("welcome_reject_me");
  });

  it("PAUSED and DISABLED verdicts arrive by webhook with Meta's words", async () => {
    const made = await adapter.submitTemplate({
      channel: "whatsapp",
      wabaId: DOC_WABA_ID,
      name: "promo_paused",
      language: "en_US",
      category: "MARKETING",
      components: [{ type: "BODY", text: "Our sale starts today for everyone." }],
    });
    await eventsUntil((e) =>
      e.some(
        (x) =>
          x.type === "template" && x.providerTemplateId === made.providerTemplateId && x.review.status === "APPROVED",
      ),
    );
    await standIn.templateEvent(
      made.providerTemplateId,
      "PAUSED",
      "NONE",
      "Your WhatsApp message template has been paused for 3 hours because it had issues.",
    );
    await standIn.templateEvent(made.providerTemplateId, "DISABLED", "NONE");
    const all = await eventsUntil((e) => e.some((x) => x.type === "template" && x.review.status === "DISABLED"));
    expect(all.find((x) => x.type === "template" && x.review.status === "PAUSED")).toMatchObject({
      review: { reason: expect.stringContaining("paused for 3 hours") },
    });
  });

  it("media: a template handle by the Resumable Upload API (needs the app id), a media id for messages", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await expect(
      adapter.uploadMedia({
        channel: "whatsapp",
        owner: DOC_WABA_ID,
        bytes,
        mimeType: "image/jpeg",
        fileName: "a.jpg",
      }),
    ).rejects.toBeInstanceOf(MediaRefused);
    const withApp = adapterFor(DEFAULT_TOKEN, { appId: DEFAULT_APP.id });
    expect(
      (
        await withApp.uploadMedia({
          channel: "whatsapp",
          owner: DOC_WABA_ID,
          bytes,
          mimeType: "image/jpeg",
          fileName: "a.jpg",
        })
      ).handle,
    ).toMatch(/^4::aW1hZ2UvanBlZw==:/);
    expect(
      (
        await withApp.uploadMedia({
          channel: "whatsapp",
          owner: DOC_WABA_ID,
          bytes,
          mimeType: "image/jpeg",
          fileName: "a.jpg",
          purpose: "message",
        })
      ).handle,
    ).toMatch(/^\d+$/);
    await expect(
      withApp.uploadMedia({ channel: "whatsapp", owner: DOC_WABA_ID, bytes, mimeType: "image/gif", fileName: "a.gif" }),
    ).rejects.toBeInstanceOf(MediaRefused);
    adapter = adapterFor();
  });

  it("test connection: the WABA and its number, or what is wrong", async () => {
    expect(await adapter.testConnection()).toMatchObject({
      ok: true,
      name: "Jaspers Market WABA",
      phoneNumbers: [{ id: DOC_PHONE_NUMBER_ID, verifiedName: "Jaspers Market" }],
    });
  });
});

describe("webhooks", () => {
  it("GET verification answers the challenge only with our verify token", async () => {
    expect(
      await adapter.webhook({
        method: "GET",
        query: { "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1158201444" },
        headers: {},
      }),
    ).toEqual({ status: 200, body: "1158201444" });
    expect(
      (
        await adapter.webhook({
          method: "GET",
          query: { "hub.mode": "subscribe", "hub.verify_token": "guess", "hub.challenge": "1" },
          headers: {},
        })
      ).status,
    ).toBe(403);
  });

  it("POST: the documented payload signed with the app secret is read; unsigned 401, wrongly signed 403, re-serialised 403", async () => {
    // The documented example, addressed to this channel's number.
    const raw = Buffer.from(JSON.stringify(DOC_TEXT_MESSAGE_WEBHOOK));
    const ok = await adapter.webhook({
      method: "POST",
      query: {},
      headers: { "x-hub-signature-256": signatureOf(DEFAULT_APP.secret, raw) },
      rawBody: raw,
    });
    expect(ok.status).toBe(200);
    expect(ok.events).toEqual([
      {
        key: "message:wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
        event: {
          type: "inbound",
          channel: "whatsapp",
          from: "+16505551234",
          to: DOC_PHONE_NUMBER_ID,
          text: "Does it come in another color?",
          at: new Date(1749416383000),
        },
      },
    ]);
    expect((await adapter.webhook({ method: "POST", query: {}, headers: {}, rawBody: raw })).status).toBe(401);
    expect(
      (
        await adapter.webhook({
          method: "POST",
          query: {},
          headers: { "x-hub-signature-256": signatureOf("0".repeat(32), raw) },
          rawBody: raw,
        })
      ).status,
    ).toBe(403);
    // The same JSON with other whitespace is other bytes: the signature is over the raw body, not the parsed object.
    const pretty = Buffer.from(JSON.stringify(DOC_TEXT_MESSAGE_WEBHOOK, null, 2));
    expect(
      (
        await adapter.webhook({
          method: "POST",
          query: {},
          headers: { "x-hub-signature-256": signatureOf(DEFAULT_APP.secret, raw) },
          rawBody: pretty,
        })
      ).status,
    ).toBe(403);
    // Signed, but for a number that is not this channel's: taken (200) and ignored.
    const other = Buffer.from(
      JSON.stringify(DOC_TEXT_MESSAGE_WEBHOOK).replaceAll(DOC_PHONE_NUMBER_ID, "999999999999999"),
    );
    expect(
      await adapter.webhook({
        method: "POST",
        query: {},
        headers: { "x-hub-signature-256": signatureOf(DEFAULT_APP.secret, other) },
        rawBody: other,
      }),
    ).toMatchObject({ status: 200, events: [] });
  });

  it("the stand-in's own refused deliveries: a wrong signature gets 403 from our side", async () => {
    const delivery = await standIn.postRaw(DOC_WABA_ID, DOC_TEXT_MESSAGE_WEBHOOK, "sha256=deadbeef");
    expect(delivery?.status).toBe(403);
    const unsigned = await standIn.postRaw(DOC_WABA_ID, DOC_TEXT_MESSAGE_WEBHOOK, null);
    expect(unsigned?.status).toBe(401);
  });
});
