// The public API's journey through every carrier, on the product as `npm start` runs it (the esbuild bundle, spawned
// as a process, talked to only over HTTP), on PGlite and, in the PostgreSQL pass, on PostgreSQL: an integrator's
// system sends a message with an API key → the carrier (the sandbox, or a provider's stand-in: WhatsApp Cloud API,
// Google RBM, an SMSC over SMPP, an HTTP SMS provider) → its receipt → the message's state → a signed
// `message.status` webhook at the integrator's receiver, checked as README tells integrators to check it. And a first
// channel that fails (WhatsApp: not on WhatsApp) → its SMS fallback is sent and delivered. One server process with
// every carrier connected as its account would connect it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageStatusData, WebhookEnvelope, WebhookMessageStatus } from "../../contract/domain/webhooks";
import { buildBundle, startServer, stopServer, type ServerProcess } from "./cluster/servers";
import { freePort } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase } from "./harness";
import { PGLITE_TEMPLATE_ENV } from "./template-env";
import { connectAccount, startCarriers, type Account, type Carriers } from "./journey/carriers";
import { expectData, httpClient, type HttpClient } from "./journey/http";
import { startReceiver, verifySignature, type Receiver } from "./webhook-receiver";

type Final = Extract<WebhookMessageStatus, "delivered" | "read" | "failed">;

interface Leg {
  carrier: string;
  /** The recipient; each leg its own. */
  to: string;
  body(account: Account): Record<string, unknown>;
  /** The message's last state, and the channel it ends on. */
  final: Final;
  channel: "sms" | "whatsapp" | "rcs";
  /** What the provider was told (the sandbox is inside the server: nothing to look at). */
  reached?(carriers: Carriers): boolean;
}

const digits = (to: string) => `91${to}`;
const sms = (route: keyof Account["templates"]) => (a: Account) => ({
  channel: "sms",
  templateId: a.templates[route],
  variables: ["Asha", "4711"],
});
/**
 * Numbers: the sandbox's special ones (+91 90000 0000x always delivered, 0004x always fails), ordinary ones elsewhere.
 */
const NOT_ON_WHATSAPP = "9876500109";

const LEGS: Leg[] = [
  { carrier: "sandbox", to: "9000000003", body: sms("sandbox"), final: "delivered", channel: "sms" },
  { carrier: "sandbox", to: "9000000043", body: sms("sandbox"), final: "failed", channel: "sms" },
  {
    carrier: "WhatsApp Cloud API",
    to: "9876500101",
    final: "read",
    channel: "whatsapp",
    body: (a) => ({ channel: "whatsapp", templateId: a.templates.whatsapp, variables: ["Asha"] }),
    reached: (c) => c.whatsapp.state.accepted.some((m) => m.to === digits("9876500101")),
  },
  {
    carrier: "Google RBM",
    to: "9876500102",
    final: "delivered",
    channel: "rcs",
    body: (a) => ({ channel: "rcs", from: a.bot, text: "Your order is on its way" }),
    reached: (c) => [...c.google.messages.values()].some((m) => m.phone === "+919876500102"),
  },
  {
    carrier: "SMPP",
    to: "9876500103",
    body: sms("smpp"),
    final: "delivered",
    channel: "sms",
    reached: (c) => c.smsc.submitted.some((s) => s.to === digits("9876500103")),
  },
  {
    carrier: "SMPP",
    to: "9876500104",
    body: sms("smpp"),
    final: "failed",
    channel: "sms",
    reached: (c) => c.smsc.submitted.some((s) => s.to === digits("9876500104")),
  },
  {
    carrier: "HTTP SMS",
    to: "9876500105",
    body: sms("http"),
    final: "delivered",
    channel: "sms",
    reached: (c) => c.sms.received.some((r) => r.body.to === digits("9876500105")),
  },
  {
    carrier: "HTTP SMS",
    to: "9876500106",
    body: sms("http"),
    final: "failed",
    channel: "sms",
    reached: (c) => c.sms.received.some((r) => r.body.to === digits("9876500106")),
  },
  {
    carrier: "WhatsApp Cloud API → SMPP fallback",
    to: NOT_ON_WHATSAPP,
    final: "delivered",
    channel: "sms",
    body: (a) => ({
      channel: "whatsapp",
      templateId: a.templates.whatsapp,
      variables: ["Asha"],
      fallback: [sms("smpp")(a)],
    }),
    reached: (c) =>
      c.whatsapp.state.accepted.some((m) => m.to === digits(NOT_ON_WHATSAPP)) &&
      c.smsc.submitted.some((s) => s.to === digits(NOT_ON_WHATSAPP)),
  },
];

const RANK: readonly WebhookMessageStatus[] = ["sent", "delivered", "read", "replied", "failed"];
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
const dataDir = mkdtempSync(join(tmpdir(), "journey-"));
let bundle: Awaited<ReturnType<typeof buildBundle>> | undefined;
let server: ServerProcess | undefined;
let carriers: Carriers;
let receiver: Receiver;
let http: HttpClient;
let key: string;
let secret: string;
const ids = new Map<Leg, string>();

const t0 = Date.now();
const step = (what: string) => console.info(`journey: ${what} at ${Date.now() - t0} ms`);

beforeAll(async () => {
  // PostgreSQL: a database of its own (a copy of the migrated one), which the server process seeds. PGlite: the
  // process's own directory, unpacked from the migrated one (creating a cluster takes a minute on a busy machine).
  if (process.env.DATABASE_URL) database = await freshDatabase();
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!database && template) execFileSync("tar", ["-xzf", template, "-C", dataDir]);
  carriers = await startCarriers({ notOnWhatsApp: [digits(NOT_ON_WHATSAPP)] });
  carriers.smsc.behaviour.undeliverable.add(digits("9876500104"));
  carriers.sms.behaviour.undeliverable.add(digits("9876500106"));
  carriers.google.behaviour.capable.add("+919876500102");
  receiver = await startReceiver();
  step("carriers up");
  bundle = await buildBundle("journey");
  step("bundle built");
  const port = await freePort();
  server = await startServer(
    bundle.main,
    {
      ...carriers.env,
      DATA_DIR: dataDir,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_PASSWORD,
      JWT_SECRET: "journey-secret",
      RATE_LIMIT_LOGIN_PER_IP: "1000",
      JOB_INTERVAL_MS: "200",
      DISPATCH_IDLE_MS: "100",
      // The providers' stand-ins and the webhook receiver are on this machine: private addresses allowed, on purpose.
      CARRIER_ALLOW_PRIVATE: "true",
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_REQUIRE_HTTPS: "false",
      SANDBOX_SENT_MS: "5-20",
      SANDBOX_DELIVERY_MS: "20-100",
      SANDBOX_READ_MS: "20-100",
      SANDBOX_REPLY_MS: "50-200",
    },
    port,
  );
  step("server ready");
  http = httpClient(`http://127.0.0.1:${server.port}`);
  const token = await http.login("user", DEMO_PASSWORD);
  key = expectData(
    await http.call<{ key: string }>("POST", "/api/ums/v1/api-keys", token, {
      name: "Journey",
      scopes: ["messages:send", "reports:read", "templates:manage"],
    }),
    201,
    "API key",
  ).key;
  const endpoint = await http.call("POST", "/api/v1/webhooks", token, {
    url: receiver.url,
    events: ["message.status"],
    description: "Journey receiver",
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  secret = String(endpoint.body.secret);
  step("key and webhook");
  const account = await connectAccount(http, token, carriers, key);
  step("account connected");
  for (const leg of LEGS) {
    const sent = expectData(
      await http.api<{ id: string }>("POST", "/api/public/v1/messages", key, {
        ...leg.body(account),
        to: leg.to,
        reference: `journey-${leg.to}`,
      }),
      201,
      `send ${leg.carrier}`,
    );
    ids.set(leg, sent.id);
  }
  // Starting the process (its seed, argon2 hashing) took 40-90 s at a load average of 20-30 on 2 cores.
}, 240_000);

afterAll(async () => {
  if (server) {
    const code = await stopServer(server);
    if (code !== 0) console.info(`journey server exited ${String(code)}: ${server.stderr().slice(-3000)}`);
  }
  bundle?.remove();
  await carriers?.close();
  await receiver?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What the integrator's receiver got: each delivery's event, whether its signature holds, and its headers. */
const received = () =>
  receiver.received.map((r) => ({
    event: JSON.parse(r.body) as WebhookEnvelope<"message.status">,
    signed: verifySignature(secret, r.headers, r.body),
    headers: r.headers,
  }));
const statusesOf = (id: string): MessageStatusData[] =>
  received()
    .filter((r) => r.event.type === "message.status" && r.event.data.messageId === id)
    .map((r) => r.event.data);

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`public API → carrier → receipt → state → signed message.status webhook (${ON}, the built bundle)`, () => {
  it.each(LEGS.map((leg) => [`${leg.carrier} (${leg.final})`, leg] as const))("%s", async (_name, leg) => {
    const id = ids.get(leg) ?? "";
    const told = await until(
      () => statusesOf(id),
      (s) => s.at(-1)?.status === leg.final,
      20_000,
    );
    const read = await http.api("GET", `/api/public/v1/messages/${id}`, key);
    expect(
      told.map((s) => `${s.status}:${s.channel}`),
      `webhooks of ${leg.carrier}; the message: ${read.text}; the server said: ${server?.stderr().slice(-1500) ?? ""}`,
    ).toContain(`${leg.final}:${leg.channel}`);
    // Each state of each channel once, in order; every event the API message's own, with its reference.
    const states = told.map((s) => s.status);
    for (const channel of new Set(told.map((s) => s.channel))) {
      const own = told.filter((s) => s.channel === channel).map((s) => s.status);
      expect(new Set(own).size).toBe(own.length);
      expect([...own].sort((a, b) => RANK.indexOf(a) - RANK.indexOf(b))).toEqual(own);
    }
    for (const s of told)
      expect(s).toMatchObject({
        source: "api",
        messageId: id,
        to: `+${digits(leg.to)}`,
        reference: `journey-${leg.to}`,
      });
    if (leg.final === "failed") expect(told.at(-1)?.error?.code).toBeTruthy();
    // The message reads as its webhooks said.
    const message = expectData(
      await http.api<{
        status: string;
        channel: string;
        history: { status: string; channel: string; code?: string }[];
      }>("GET", `/api/public/v1/messages/${id}`, key),
      200,
      "message",
    );
    expect([message.status, message.channel]).toEqual([leg.final, leg.channel]);
    if (leg.reached) expect(leg.reached(carriers), `${leg.carrier} saw the message`).toBe(true);
    if (leg.to === NOT_ON_WHATSAPP) {
      // WhatsApp took it, then Meta said 131026: the SMS went out, and no webhook said the message failed.
      expect(message.history.map((h) => `${h.status}:${h.channel}`)).toEqual(
        expect.arrayContaining(["failed:whatsapp", "queued:sms", "sent:sms", "delivered:sms"]),
      );
      expect(message.history.find((h) => h.status === "failed")?.code).toBe("131026");
      expect(states).not.toContain("failed");
    }
  });

  it("signs every delivery as README says, with its own id, and nothing for anyone else", async () => {
    const all = received();
    expect(all.length).toBeGreaterThan(LEGS.length);
    expect(all.filter((r) => !r.signed)).toEqual([]);
    expect(new Set(all.map((r) => r.headers["x-webhook-id"])).size).toBe(all.length);
    expect(all.every((r) => r.headers["x-webhook-event"] === r.event.type)).toBe(true);
    const ours = new Set(ids.values());
    expect(all.filter((r) => !ours.has(r.event.data.messageId))).toEqual([]);
  });
});
