// Attachments both ways on the real server, through the providers' stand-ins: a customer's WhatsApp media (a media id;
// GET /{media-id} then the short-lived URL with the token) and RBM user file fetched at once and stored; media the
// provider no longer has leaves "[image unavailable]"; an agent's attachment checked against the channel's rules
// before anything is stored, then sent as the provider's media id / uploaded file; links only for the conversation's
// people.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ATTACHMENT_EXPIRED, CHAT_FILE_UNUSED_HOURS, SMS_NO_FILES } from "../../contract/domain/media";
import { CHAT_FILE_EXPIRY_JOB } from "../jobs/chat-file-expiry";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "../carriers/rcs/stand-in";
import { DEFAULT_APP, DEFAULT_TOKEN, DOC_PHONE_NUMBER_ID, DOC_WABA_ID } from "../carriers/whatsapp-cloud/stand-in";
import { sign } from "../carriers/whatsapp-cloud/stand-in/webhook-sender";
import type { Database } from "../db/client";
import { chatFiles, chatMessages, conversations, rcsBots } from "../db/schema";
import { setBalance, until } from "./campaign-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { multipart } from "./media-fixtures";
import { SAMPLES } from "./media-samples";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const AGENT = "acme-rbm-bot";
const CLIENT_TOKEN = "SJENCPGJESMGUFPY";
const key = makeServiceAccountKey();
const WA_CUSTOMER = "+919876500101";
const RCS_CUSTOMER = "+919876540101";
let database: Database;
let server: CloudServer;
let google: RbmStandIn;
let bot: string;
let waChannel: string;
const db = () => database.db;

const fileCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(chatFiles)
  )[0].n;
const conversationOf = (number: string) =>
  until(
    async () => (await db().select().from(conversations).where(eq(conversations.customerNumber, number)))[0],
    Boolean,
  );
/** The conversation's latest inbound message once its file was fetched (or found missing). */
const settled = (conversationId: string) =>
  until(
    async () =>
      (
        await db()
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.direction, "in")))
          .orderBy(sql`${chatMessages.id} desc`)
      )[0],
    (m) => Boolean(m && !m.body.pendingMedia),
  );

async function attach(conversationId: string, bytes: Buffer, name: string, as: DemoName = "manager") {
  const { payload, headers } = await multipart({}, { field: "fileContent", bytes, name });
  return server.call({ method: "POST", url: `/api/v1/chats/${conversationId}/attachments`, as, payload, headers });
}

async function linkOf(conversationId: string, fileId: string, as: DemoName) {
  return server.call({ method: "GET", url: `/api/v1/chats/${conversationId}/media/${fileId}`, as });
}

beforeAll(async () => {
  database = await freshDatabase();
  google = await startRbmStandIn({ key, agentId: AGENT, clientToken: CLIENT_TOKEN });
  server = await cloudServer(database, { rbm: { apiUrl: google.url, tokenUrl: google.tokenUrl, timeoutMs: 5_000 } });
  const manager = await server.id("manager");
  await setBalance(db(), manager, "100000.00");
  waChannel = (await server.connect("manager"))._id;
  [{ id: bot }] = await db()
    .insert(rcsBots)
    .values({ userId: manager, name: "Acme Offers", useCase: "PROMOTIONAL", providerBotId: "sandbox-acme-offers" })
    .returning({ id: rcsBots.id });
  const rcs = await server.call({
    method: "POST",
    url: "/api/v1/channels/rcs-google",
    as: "manager",
    payload: {
      name: "Acme RBM",
      bot_id: bot,
      agent_id: `${AGENT}@rbm.goog`,
      service_account_key: key.json,
      client_token: CLIENT_TOKEN,
    },
  });
  expect(rcs.statusCode, rcs.body).toBe(201);
  google.webhookUrl = rcs.json().data.webhook.url;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await google?.close();
  await database?.close();
});

describe("received media", () => {
  it("a customer's WhatsApp photo is fetched from Meta at once, stored, and shown to the conversation's people only", async () => {
    const photo = SAMPLES.jpeg(4096);
    await server.standIn.customerSendsMedia({
      from: WA_CUSTOMER,
      phoneNumberId: DOC_PHONE_NUMBER_ID,
      kind: "image",
      data: photo,
      mimeType: "image/jpeg",
      caption: "The parcel came damaged",
    });
    const convo = await conversationOf(WA_CUSTOMER);
    const message = await settled(convo.id);
    expect(message).toMatchObject({ type: "image", text: "The parcel came damaged" });
    expect(message.body).toMatchObject({ mimeType: "image/jpeg", size: 4096 });
    const [file] = await db()
      .select()
      .from(chatFiles)
      .where(eq(chatFiles.id, message.body.fileId as string));
    expect(file).toMatchObject({ userId: await server.id("manager"), conversationId: convo.id, size: 4096 });

    const page = await server.call({ method: "GET", url: `/api/v1/chats/${convo.id}/messages`, as: "manager" });
    const record = (page.json().data as { _id: string; attachmentId: string | null; fileSize: number | null }[]).find(
      (m) => m._id === String(message.id),
    );
    expect(record).toMatchObject({ attachmentId: file.id, fileSize: 4096, mimeType: "image/jpeg" });

    // The owner and its agent (the conversation is unassigned: the whole team's) get a signed link that opens it.
    for (const as of ["manager", "agent"] as const) {
      const link = await linkOf(convo.id, file.id, as);
      expect(link.statusCode, link.body).toBe(200);
      const served = await fetch(`${server.origin}${link.json().data.url as string}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    }
    // Another account's people cannot have a link; a forged or altered one opens nothing.
    expect((await linkOf(convo.id, file.id, "globex")).statusCode).toBe(404);
    const url = (await linkOf(convo.id, file.id, "manager")).json().data.url as string;
    expect((await fetch(`${server.origin}${url.replace(/sig=[^&]+/, "sig=forged")}`)).status).toBe(403);
    expect((await fetch(`${server.origin}${url.replace(/exp=\d+/, "exp=1")}`)).status).toBe(403);
  });

  it("media Meta no longer has leaves '[image unavailable]' in the thread, not a crash", async () => {
    const payload = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: DOC_WABA_ID,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: DOC_PHONE_NUMBER_ID },
                contacts: [{ profile: { name: "Asha" }, wa_id: WA_CUSTOMER.slice(1) }],
                messages: [
                  {
                    from: WA_CUSTOMER.slice(1),
                    id: "wamid.gone-media-1",
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: "image",
                    image: { id: "999000111222333", mime_type: "image/jpeg" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const res = await fetch(`${server.origin}/api/carrier-webhooks/${waChannel}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(DEFAULT_APP.secret, payload) },
      body: payload,
    });
    expect(res.status).toBe(200);
    const convo = await conversationOf(WA_CUSTOMER);
    const message = await settled(convo.id);
    expect(message).toMatchObject({ type: "image", text: "[image unavailable]" });
    expect(message.body.fileId).toBeUndefined();
    expect(message.body.mediaError).toContain("does not exist");
  });

  it("Meta's download URL works with the token only and for 5 minutes (the stand-in refuses it after)", async () => {
    const { mediaId } = await server.standIn.customerSendsMedia({
      from: "+919876500303",
      phoneNumberId: DOC_PHONE_NUMBER_ID,
      kind: "document",
      data: SAMPLES.pdf(),
      mimeType: "application/pdf",
      filename: "bill.pdf",
    });
    const auth = { authorization: `Bearer ${DEFAULT_TOKEN}` };
    const info = (await (await fetch(`${server.standIn.url}/v21.0/${mediaId}`, { headers: auth })).json()) as {
      url: string;
    };
    expect((await fetch(info.url, { headers: auth })).status).toBe(200);
    expect((await fetch(info.url)).status).toBe(401);
    expect((await fetch(info.url.replace(/exp=\d+/, `exp=${Date.now() - 1}`), { headers: auth })).status).toBe(404);
    const message = await settled((await conversationOf("+919876500303")).id);
    expect(message).toMatchObject({ type: "document", text: "" });
    expect(message.body).toMatchObject({ fileName: "bill.pdf", mimeType: "application/pdf" });
  });

  it("the sandbox's simulated phone sends a file (a data: URL) that arrives like a provider's media", async () => {
    const addresses = (
      await server.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as: "manager" })
    ).json().data as { channel: string; address: string }[];
    const address = addresses.find((a) => a.channel === "whatsapp")?.address;
    const png = SAMPLES.png(600);
    const res = await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: {
        channel: "whatsapp",
        address,
        number: "+919876500404",
        text: "Photo of the shelf",
        mediaUrl: `data:image/png;base64,${png.toString("base64")}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = await settled((await conversationOf("+919876500404")).id);
    expect(message).toMatchObject({ type: "image", text: "Photo of the shelf" });
    expect(message.body).toMatchObject({ mimeType: "image/png", size: 600 });
  });

  it("an RBM user file is fetched from its fileUri and stored; one whose link is gone says so", async () => {
    const image = SAMPLES.png(2048);
    expect(
      (await google.userFile(RCS_CUSTOMER, { data: image, mimeType: "image/png", fileName: "shelf.png" })).status,
    ).toBe(200);
    const convo = await conversationOf(RCS_CUSTOMER);
    const message = await settled(convo.id);
    expect(message).toMatchObject({ type: "image", text: "" });
    expect(message.body).toMatchObject({ mimeType: "image/png", fileName: "shelf.png", size: 2048 });

    const gone = await google.push({
      senderPhoneNumber: RCS_CUSTOMER,
      messageId: "MxFileGone1",
      sendTime: new Date().toISOString(),
      agentId: `${AGENT}@rbm.goog`,
      userFile: {
        payload: { mimeType: "application/pdf", fileSizeBytes: 10, fileUri: `${google.url}/userfiles/missing` },
      },
    });
    expect(gone.status).toBe(200);
    const missing = await until(
      async () =>
        (await db().select().from(chatMessages).where(eq(chatMessages.conversationId, convo.id))).filter(
          (m) => m.direction === "in",
        ),
      (rows) => rows.length === 2 && rows.every((m) => !m.body.pendingMedia),
    );
    expect(missing.find((m) => m.type === "document")?.text).toBe("[document unavailable]");
  });
});

describe("sending attachments", () => {
  it("refuses what the channel refuses before storing anything, and says why on SMS", async () => {
    const convo = await conversationOf(WA_CUSTOMER);
    const put = vi.spyOn(server.app.storage, "put");
    const before = await fileCount();
    const cases: [Buffer, string, number, string][] = [
      [SAMPLES.exe(), "setup.exe", 400, "WhatsApp accepts image/jpeg, image/png"],
      [SAMPLES.jpeg(5 * 1024 * 1024 + 1), "big.jpg", 400, "A WhatsApp image may be at most 5 MB; this file is 5.0 MB"],
      [SAMPLES.vorbis(), "voice.ogg", 400, "this file is audio/ogg (not Opus)"],
      [SAMPLES.webp(100 * 1024 + 1), "sticker.webp", 400, "a still sticker may be at most 100 KB"],
    ];
    for (const [bytes, name, status, message] of cases) {
      const res = await attach(convo.id, bytes, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message).toContain(message);
    }
    // Another account's conversation is not there to attach to.
    expect((await attach(convo.id, SAMPLES.jpeg(), "a.jpg", "globex")).statusCode).toBe(404);

    // An SMS conversation (the sandbox's simulated phone writes one): files are refused with the reason.
    const addresses = (
      await server.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as: "manager" })
    ).json().data as { channel: string; address: string }[];
    const sms = addresses.find((a) => a.channel === "sms");
    expect(sms).toBeTruthy();
    await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: { channel: "sms", address: sms?.address, number: "+919876500202", text: "hello" },
    });
    const smsConvo = await conversationOf("+919876500202");
    const refused = await attach(smsConvo.id, SAMPLES.jpeg(), "a.jpg");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(SMS_NO_FILES);
    const asImage = await server.call({
      method: "POST",
      url: `/api/v1/chats/${smsConvo.id}/messages`,
      as: "manager",
      payload: { clientId: "sms-file-1", messageType: "image", attachmentId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(asImage.statusCode).toBe(422);
    expect(put).not.toHaveBeenCalled();
    expect(await fileCount()).toBe(before);
    put.mockRestore();
  });

  it("a WhatsApp image goes to Meta as a media id with its caption, and only as the kind it is", async () => {
    const convo = await conversationOf(WA_CUSTOMER);
    const photo = SAMPLES.png(3000);
    const attached = await attach(convo.id, photo, "invoice.png", "agent");
    expect(attached.statusCode, attached.body).toBe(201);
    const file = attached.json().data as { attachmentId: string; kind: string; mimeType: string; size: number };
    expect(file).toMatchObject({ kind: "image", mimeType: "image/png", size: 3000 });
    const wrongKind = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "agent",
      payload: { clientId: "wa-file-0", messageType: "document", attachmentId: file.attachmentId },
    });
    expect(wrongKind.statusCode).toBe(400);
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "agent",
      payload: { clientId: "wa-file-1", messageType: "image", attachmentId: file.attachmentId, text: "Your invoice" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      messageType: "image",
      attachmentId: file.attachmentId,
      fileName: "invoice.png",
    });
    const id = Number(sent.json().data._id);
    await until(
      async () => (await db().select().from(chatMessages).where(eq(chatMessages.id, id)))[0],
      (m) => m?.status === "sent" || m?.status === "delivered" || m?.status === "read",
    );
    const accepted = server.standIn.state.accepted.find((a) => a.payload.biz_opaque_callback_data === `chat:${id}`);
    const image = accepted?.payload.image as { id: string; caption: string };
    expect(accepted?.payload.type).toBe("image");
    expect(image.caption).toBe("Your invoice");
    expect(server.standIn.state.media.get(image.id)?.data.equals(photo)).toBe(true);
  });

  it("an attachment no message carries goes a day after its upload, bytes too; sent and received files stay", async () => {
    const convo = await conversationOf(WA_CUSTOMER);
    const upload = async (name: string) =>
      (await attach(convo.id, SAMPLES.png(2000), name, "agent")).json().data.attachmentId as string;
    const [sent, unsent, fresh] = [await upload("sent.png"), await upload("removed.png"), await upload("fresh.png")];
    const reply = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "agent",
      payload: { clientId: "wa-expiry-1", messageType: "image", attachmentId: sent },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    // Everything but the fresh upload is a day and an hour old, the customer's received files included.
    const dayAgo = new Date(Date.now() - (CHAT_FILE_UNUSED_HOURS + 1) * 3_600_000);
    await db().update(chatFiles).set({ createdAt: dayAgo }).where(ne(chatFiles.id, fresh));
    const [gone] = await db().select().from(chatFiles).where(eq(chatFiles.id, unsent));
    const before = await fileCount();
    expect(await server.app.jobs.get(CHAT_FILE_EXPIRY_JOB)?.tick()).toBe(1);
    expect(await fileCount()).toBe(before - 1);
    expect(await db().select().from(chatFiles).where(eq(chatFiles.id, unsent))).toEqual([]);
    expect(await server.app.storage.get(gone.storageKey)).toBeNull();
    const kept = await db()
      .select()
      .from(chatFiles)
      .where(inArray(chatFiles.id, [sent, fresh]));
    expect(kept).toHaveLength(2);
    for (const file of kept) expect(await server.app.storage.get(file.storageKey)).not.toBeNull();
    // A send naming the removed file is refused and writes nothing.
    const late = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "agent",
      payload: { clientId: "wa-expiry-2", messageType: "image", attachmentId: unsent },
    });
    expect(late.statusCode).toBe(400);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.clientId, "wa-expiry-2"))).toEqual([]);
  });

  it("a file the expiry took between the check and the write leaves no message and says to attach it again", async () => {
    const convo = await conversationOf(WA_CUSTOMER);
    const id = (await attach(convo.id, SAMPLES.png(2000), "race.png", "agent")).json().data.attachmentId as string;
    // The file is deleted the moment the send's own transaction starts (the one that marks its file; other work of
    // the request may open transactions before it): after the send found the file, before it is marked.
    const transaction = db().transaction.bind(db());
    const spy = vi.spyOn(db(), "transaction").mockImplementation(async (work, config) => {
      if (work.toString().includes("markChatFileUsed")) await db().delete(chatFiles).where(eq(chatFiles.id, id));
      return transaction(work, config);
    });
    const late = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "agent",
      payload: { clientId: "wa-expiry-3", messageType: "image", attachmentId: id },
    });
    spy.mockRestore();
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json().message).toBe(ATTACHMENT_EXPIRED);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.clientId, "wa-expiry-3"))).toEqual([]);
  });

  it("an RCS PDF goes to RBM as an uploaded file; audio is refused as RBM refuses it", async () => {
    const convo = await conversationOf(RCS_CUSTOMER);
    google.behaviour.capable.add(RCS_CUSTOMER);
    const mp3 = await attach(convo.id, SAMPLES.mp3(), "voice.mp3");
    expect(mp3.statusCode).toBe(400);
    expect(mp3.json().message).toContain("RCS accepts");
    const attached = await attach(convo.id, SAMPLES.pdf(5000), "menu.pdf");
    expect(attached.statusCode, attached.body).toBe(201);
    const sent = await server.call({
      method: "POST",
      url: `/api/v1/chats/${convo.id}/messages`,
      as: "manager",
      payload: { clientId: "rcs-file-1", messageType: "document", attachmentId: attached.json().data.attachmentId },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = await until(
      async () => [...google.messages.values()].filter((m) => m.phone === RCS_CUSTOMER),
      (m) => m.length === 1,
    );
    const uploaded = google.files.find((f) => f.mimeType === "application/pdf");
    expect(uploaded).toMatchObject({ bytes: 5000 });
    expect(message.body.contentMessage).toEqual({ uploadedRbmFile: { fileName: uploaded?.name } });
  });
});
