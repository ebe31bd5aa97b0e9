// RBM's messageId is a UUID: the stand-in refuses anything else as Google does (400 INVALID_ARGUMENT) and a repeated
// one as ALREADY_EXISTS (409); the adapter sends each kind of our ids (campaign recipient, chat message, public-API
// step, test send) as its name-based UUID, the same on a retry (so a 409 means sent), and RBM's events about that UUID
// come back as receipts of the provider id the send answered (the id each sender stores).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboundMessage } from "../carrier";
import type { ChannelAdapter, ChannelConnection, KeyedEvent } from "../router/channel-adapter";
import { rbm, RbmError } from "./api";
import { createTokenSource } from "./auth";
import { createRbmAdapter } from "./index";
import { rbmMessageId, uuidV5 } from "./message-id";
import { parseServiceAccountKey } from "./settings";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "./stand-in";

const AGENT = "acme-ids-bot";
const CLIENT_TOKEN = "IDSCLIENTTOKEN01";
const CHANNEL = "00000000-0000-4000-8000-0000000000aa";
const BOT = "0b0b0b0b-0000-4000-8000-000000000002";
const PHONE = "+919800000101";
const key = makeServiceAccountKey();
let google: RbmStandIn;
let receiver: Server;
let adapter: ChannelAdapter;
const events: KeyedEvent[] = [];

const config = () => ({
  apiUrl: google.url,
  tokenUrl: google.tokenUrl,
  timeoutMs: 5_000,
  messagesPerSecond: 50,
  ttlSeconds: 3600,
});
const connection = (id = CHANNEL): ChannelConnection => ({
  id,
  userId: "u",
  provider: "rcs_google",
  channel: "rcs",
  version: 1,
  status: "connected",
  statusReason: null,
  verifyToken: "v",
  secrets: { serviceAccountKey: key.json, clientToken: CLIENT_TOKEN },
  settings: { agentId: AGENT, botId: BOT, useCase: "TRANSACTIONAL" },
});
const noHealth = { success: () => undefined, sent: () => undefined, failure: () => undefined };

beforeAll(async () => {
  google = await startRbmStandIn({ key, agentId: AGENT, clientToken: CLIENT_TOKEN });
  google.behaviour.capable.add(PHONE);
  adapter = createRbmAdapter(connection(), noHealth, config());
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
afterAll(async () => {
  await google?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe("the RBM stand-in's messageId rule", () => {
  const create = async (messageId: string | null) => {
    const tokens = createTokenSource(
      config(),
      parseServiceAccountKey(key.json) as Exclude<ReturnType<typeof parseServiceAccountKey>, string>,
    );
    try {
      await rbm(config(), tokens, {
        method: "POST",
        path: `/v1/phones/${encodeURIComponent(PHONE)}/agentMessages`,
        query: { agentId: AGENT, ...(messageId === null ? {} : { messageId }) },
        json: { contentMessage: { text: "hi" }, messageTrafficType: "TRANSACTION" },
      });
      return "200";
    } catch (error) {
      if (error instanceof RbmError) return `${error.status} ${error.grpc}`;
      throw error;
    }
  };

  it.each([
    ["a version-4 UUID", "7f1c3c1e-3b0a-4c55-9d4f-0e6b1f2a9c10", "200"],
    ["a version-5 UUID in capitals", "2ED6657D-E927-568B-95E1-2665A8AEA6A2", "200"],
    ["a campaign recipient's id", "42", "400 INVALID_ARGUMENT"],
    ["a chat message's carrier id", "chat:7", "400 INVALID_ARGUMENT"],
    ["a public-API step's carrier id", "api:7f1c3c1e-3b0a-4c55-9d4f-0e6b1f2a9c10:0", "400 INVALID_ARGUMENT"],
    ["a UUID without its dashes", "7f1c3c1e3b0a4c559d4f0e6b1f2a9c11", "400 INVALID_ARGUMENT"],
    ["a UUID one digit short", "7f1c3c1e-3b0a-4c55-9d4f-0e6b1f2a9c1", "400 INVALID_ARGUMENT"],
    ["no messageId", null, "400 INVALID_ARGUMENT"],
  ])("%s: %s → %s", async (_what, id, answer) => {
    expect(await create(id)).toBe(answer);
  });

  it("refuses a UUID used before as ALREADY_EXISTS and keeps the first message", async () => {
    const id = "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
    expect(await create(id)).toBe("200");
    expect(await create(id)).toBe("409 ALREADY_EXISTS");
    expect([...google.messages.values()].filter((m) => m.id === id)).toHaveLength(1);
  });
});

describe("our ids as RBM message ids", () => {
  it("are RFC 9562 version-5 UUIDs (the RFC's own example), the same for the same id and channel, different otherwise", () => {
    expect(uuidV5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
    const id = rbmMessageId(CHANNEL, "42");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rbmMessageId(CHANNEL, "42")).toBe(id);
    expect(
      new Set([
        id,
        rbmMessageId(CHANNEL, "43"),
        rbmMessageId(CHANNEL, "chat:42"),
        rbmMessageId("00000000-0000-4000-8000-0000000000ab", "42"),
      ]).size,
    ).toBe(4);
  });

  it.each([
    ["a campaign recipient", "9001"],
    ["a chat message", "chat:9001"],
    ["a public-API step", "api:7f1c3c1e-3b0a-4c55-9d4f-0e6b1f2a9c10:1"],
    ["a workflow's campaign message", "test:wf-abcdefghijklmnopqrstuvwxyz0123456789ABCD"],
  ])(
    "%s (%s) goes out under its UUID; a retry of the same send is the same message (409), sent once",
    async (_what, ours) => {
      const message: OutboundMessage = {
        id: ours,
        channel: "rcs",
        from: BOT,
        to: PHONE,
        content: { kind: "text", text: `for ${ours}` },
      };
      const uuid = rbmMessageId(CHANNEL, ours);
      expect(await adapter.send(message)).toEqual({ accepted: true, providerMessageId: uuid });
      expect(await adapter.send(message)).toEqual({ accepted: true, providerMessageId: uuid });
      expect(
        [...google.messages.values()].filter((m) => m.body.contentMessage?.text === `for ${ours}`).map((m) => m.id),
      ).toEqual([uuid]);
    },
  );

  it("turns RBM's events about the UUID into receipts of that provider id, with no id of ours (a UUID names none)", async () => {
    const message: OutboundMessage = {
      id: "chat:777",
      channel: "rcs",
      from: BOT,
      to: PHONE,
      content: { kind: "text", text: "receipts" },
    };
    const sent = await adapter.send(message);
    const uuid = sent.accepted ? sent.providerMessageId : "";
    expect(await google.deliver(uuid)).toBe(200);
    expect(await google.read(uuid)).toBe(200);
    expect(events.map((e) => [e.key, e.event])).toEqual([
      [`${uuid}:delivered`, { type: "receipt", providerMessageId: uuid, status: "delivered", at: expect.any(Date) }],
      [`${uuid}:read`, { type: "receipt", providerMessageId: uuid, status: "read", at: expect.any(Date) }],
    ]);
  });
});
