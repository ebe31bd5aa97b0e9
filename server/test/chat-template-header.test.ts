// A WhatsApp template with an image header sent by hand from the inbox (chats.send): it goes with the template's own
// file, or the file chosen for this message, uploaded to the carrier as message media; a template with no file of its
// own and none chosen, or a chosen file that is not the account's, is refused and nothing is stored or sent. The
// composer's template list says which templates have a media header and whether they have a file of their own.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TemplateHeaderMedia } from "../carriers/carrier";
import { createSandboxCarrier } from "../carriers/sandbox";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import type { Database } from "../db/client";
import { chatMessages, conversations, wabaPhoneNumbers, wabas, whatsappTemplates } from "../db/schema";
import { countingCarrier, dispatchServer, FAST_MESSAGES, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { multipart, png } from "./media-fixtures";
import { templateForm } from "./whatsapp-template-server";

type Call = (options: InjectOptions & { as?: DemoName }) => Promise<LightMyRequestResponse>;

let database: Database;
let server: DispatchServer;
let call: Call;
let ownerId: string;
const uploaded: { fileName: string; bytes: number }[] = [];
const wabaId = `waba-${randomUUID()}`;
const phoneId = `phone-${wabaId}`;
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  const base = createSandboxCarrier(testSandboxConfig("chat-header", FAST_MESSAGES));
  const carrier = countingCarrier({
    ...base,
    uploadMedia: async (media) => {
      uploaded.push({ fileName: media.fileName, bytes: media.bytes.length });
      return base.uploadMedia(media);
    },
  });
  server = await dispatchServer(database, { carrier });
  call = async ({ as, headers, ...rest }) =>
    server.app.inject({
      ...rest,
      headers: { ...headers, ...(as ? { authorization: `Bearer ${await server.token(as)}` } : {}) },
    });
  ownerId = await server.id("manager");
  const [waba] = await db().insert(wabas).values({ userId: ownerId, wabaId, name: "Inbox WABA" }).returning();
  await db().insert(wabaPhoneNumbers).values({
    wabaId: waba.id,
    phoneNumberId: phoneId,
    displayPhoneNumber: "+91 98765 00019",
    verifiedName: "Inbox Biz",
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function imageTemplate(name: string): Promise<string> {
  const components = [
    { type: "HEADER", format: "IMAGE" },
    { type: "BODY", text: "Hi {{1}}, your parcel is here.", example: { body_text: [["Asha"]] } },
  ];
  const res = await call({
    method: "POST",
    url: "/api/waba/create-template",
    as: "manager",
    payload: templateForm(
      { waba_id: wabaId, name, language: "en_US", category: "UTILITY", components },
      { bytes: png(), name: "sample.png" },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  await db()
    .update(whatsappTemplates)
    .set({ status: "APPROVED", nextCheckAt: null })
    .where(eq(whatsappTemplates.id, id));
  return id;
}

/** A conversation whose customer wrote a minute ago (inside the 24-hour window). */
async function conversationWith(number: string): Promise<string> {
  const [row] = await db()
    .insert(conversations)
    .values({
      userId: ownerId,
      channel: "whatsapp",
      customerNumber: number,
      businessAddress: phoneId,
      lastInboundAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: conversations.id });
  return row.id;
}

const send = (conversationId: string, payload: Record<string, unknown>) =>
  call({
    method: "POST",
    url: `/api/v1/chats/${conversationId}/messages`,
    as: "manager",
    payload: { clientId: `c-${randomUUID()}`, messageType: "template", params: ["Asha"], ...payload },
  });

async function sentHeader(number: string): Promise<TemplateHeaderMedia | { format: "text" } | undefined> {
  const message = await until(
    async () => server.carrier.sent.find((m) => m.to === number),
    (m) => m !== undefined,
    20_000,
  );
  expect(message?.content).toMatchObject({ kind: "template", params: ["Asha"] });
  return message?.content.kind === "template" ? message.content.header : undefined;
}

const storedIn = async (conversationId: string) =>
  (await db().select({ n: count() }).from(chatMessages).where(eq(chatMessages.conversationId, conversationId)))[0].n;

describe("a media-header template sent from the inbox", () => {
  it("is listed with its header format and whether it has a file of its own", async () => {
    const own = await imageTemplate("inbox_listed_photo");
    const none = await imageTemplate("inbox_listed_bare");
    await db().update(whatsappTemplates).set({ headerMediaKey: null }).where(eq(whatsappTemplates.id, none));
    const conversationId = await conversationWith("+919000000301");
    const res = await call({ method: "GET", url: `/api/v1/chats/${conversationId}/templates`, as: "manager" });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map((res.json().data as { _id: string; header: unknown }[]).map((t) => [t._id, t.header]));
    expect(byId.get(own)).toEqual({ format: "IMAGE", wabaId, ownFile: true });
    expect(byId.get(none)).toEqual({ format: "IMAGE", wabaId, ownFile: false });
  });

  it("goes with the template's own header file, uploaded to the carrier as message media", async () => {
    const templateId = await imageTemplate("inbox_own_photo");
    const conversationId = await conversationWith("+919000000302");
    const res = await send(conversationId, { templateId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sentHeader("+919000000302")).toEqual({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(uploaded).toContainEqual({ fileName: "inbox_own_photo.png", bytes: png().length });
  });

  it("goes with the file chosen for the message", async () => {
    const templateId = await imageTemplate("inbox_chosen_photo");
    const chosen = await call({
      method: "POST",
      url: "/api/waba/media/upload-whatsapp-media",
      as: "manager",
      ...(await multipart({ waba_id: wabaId }, { field: "file", bytes: png(300), name: "parcel.png" })),
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    const conversationId = await conversationWith("+919000000303");
    const res = await send(conversationId, { templateId, headerMediaId: chosen.json().data.upload._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sentHeader("+919000000303")).toEqual({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(uploaded).toContainEqual({ fileName: "parcel.png", bytes: png(300).length });
  });

  it("is refused, storing and sending nothing, when the template has no file and none is chosen, or the chosen one is another account's", async () => {
    const templateId = await imageTemplate("inbox_bare_photo");
    await db().update(whatsappTemplates).set({ headerMediaKey: null }).where(eq(whatsappTemplates.id, templateId));
    const theirs = await call({
      method: "POST",
      url: "/api/upload/aws-upload",
      as: "globex",
      ...(await multipart({ channel: "whatsapp" }, { field: "fileContent", bytes: png(), name: "theirs.png" })),
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const conversationId = await conversationWith("+919000000304");
    const cases: [Record<string, unknown>, string][] = [
      [{ templateId }, 'The template "inbox_bare_photo" has an image header but no file to send with it'],
      [
        { templateId, headerMediaId: theirs.json().data._id as string },
        "The header media of inbox_bare_photo is not one of your WhatsApp files; choose it again",
      ],
    ];
    for (const [payload, message] of cases) {
      const refused = await send(conversationId, payload);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toBe(message);
    }
    expect(await storedIn(conversationId)).toBe(0);
    expect(server.carrier.sent.some((m) => m.to === "+919000000304")).toBe(false);
  });
});
