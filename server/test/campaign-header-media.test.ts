// WhatsApp campaigns with a media-header template: every send carries the header (the template's file, or the
// campaign's own upload), on the sandbox and through the WhatsApp Cloud API stand-in; a file of the wrong kind is
// refused at creation and writes nothing.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TemplateHeaderMedia } from "../carriers/carrier";
import { DOC_WABA_ID } from "../carriers/whatsapp-cloud/stand-in";
import type { Database } from "../db/client";
import { campaignRecipients, campaigns, uploads, wabaPhoneNumbers, wabas, whatsappTemplates } from "../db/schema";
import { createSandboxCarrier } from "../carriers/sandbox";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import {
  countingCarrier,
  dispatchServer,
  FAST_MESSAGES,
  ordinaryNumbers,
  setBalance,
  until,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { mp4, multipart, pdf, png } from "./media-fixtures";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";
import { templateForm } from "./whatsapp-template-server";

type Call = (options: InjectOptions & { as?: DemoName }) => Promise<LightMyRequestResponse>;

const imageTemplate = (wabaId: string, name: string, format = "IMAGE") => ({
  waba_id: wabaId,
  name,
  language: "en_US",
  category: "UTILITY",
  components: [
    { type: "HEADER", format },
    { type: "BODY", text: "Hi {{1}}, your order is ready.", example: { body_text: [["Asha"]] } },
  ],
});

async function uploadMedia(call: Call, wabaId: string, bytes: Buffer, name: string): Promise<string> {
  const res = await call({
    method: "POST",
    url: "/api/waba/media/upload-whatsapp-media",
    as: "manager",
    ...(await multipart({ waba_id: wabaId }, { field: "file", bytes, name })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.upload._id as string;
}

/** Creates the campaign through the API as the console does, waits for its ingest and starts it. */
async function createAndStart(call: Call, db: Database["db"], body: Record<string, unknown>): Promise<string> {
  const res = await call({ method: "POST", url: "/api/waba/campaign/create-campaign", as: "manager", payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  await until(
    async () => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0],
    (c) => c.status === "ready",
  );
  const started = await call({ method: "POST", url: `/api/waba/campaign/start-campaign/${id}`, as: "manager" });
  expect(started.statusCode, started.body).toBe(200);
  await until(
    async () => (await db.select().from(campaigns).where(eq(campaigns.id, id)))[0],
    (c) => c.status === "completed",
    20_000,
  );
  return id;
}

describe("on the sandbox", () => {
  let database: Database;
  let server: DispatchServer;
  let call: Call;
  const wabaId = `waba-${randomUUID()}`;
  const messageUploads: string[] = [];
  const db = () => database.db;
  const campaignCount = async () => (await db().select({ n: count() }).from(campaigns))[0].n;

  beforeAll(async () => {
    database = await freshDatabase();
    const base = createSandboxCarrier(testSandboxConfig("header-media", FAST_MESSAGES));
    const carrier = countingCarrier({
      ...base,
      uploadMedia: async (media) => {
        if (media.purpose === "message") messageUploads.push(media.fileName);
        return base.uploadMedia(media);
      },
    });
    server = await dispatchServer(database, { carrier });
    call = async ({ as, headers, ...rest }) =>
      server.app.inject({
        ...rest,
        headers: { ...headers, ...(as ? { authorization: `Bearer ${await server.token(as)}` } : {}) },
      });
    const manager = await server.id("manager");
    await setBalance(db(), manager, "1000.00");
    const [waba] = await db().insert(wabas).values({ userId: manager, wabaId, name: "Media WABA" }).returning();
    await db()
      .insert(wabaPhoneNumbers)
      .values({
        wabaId: waba.id,
        phoneNumberId: `phone-${wabaId}`,
        displayPhoneNumber: "+91 98765 00001",
        verifiedName: "Media Biz",
      });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function approvedImageTemplate(
    name: string,
    format = "IMAGE",
    file: { bytes: Buffer; name: string } = { bytes: png(), name: "header.png" },
  ) {
    const res = await call({
      method: "POST",
      url: "/api/waba/create-template",
      as: "manager",
      payload: templateForm(imageTemplate(wabaId, name, format), file),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    // Approved here, and off the review job's list (nextCheckAt null): the sandbox would still answer PENDING.
    await db()
      .update(whatsappTemplates)
      .set({ status: "APPROVED", nextCheckAt: null })
      .where(eq(whatsappTemplates.id, id));
    return id;
  }

  const headersOf = (campaignId: string, recipientIds: Set<string>) =>
    server.carrier.sent
      .filter((m) => recipientIds.has(m.id))
      .map((m) => (m.content.kind === "template" ? m.content.header : undefined)) as (
      TemplateHeaderMedia | undefined
    )[];

  async function recipientIds(campaignId: string) {
    const rows = await db()
      .select({ id: campaignRecipients.id, state: campaignRecipients.state })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId));
    return { ids: new Set(rows.map((r) => String(r.id))), states: rows.map((r) => r.state) };
  }

  it("sends the template's own header image with every message, uploaded to the carrier once", async () => {
    const template = await approvedImageTemplate("order_photo");
    const id = await createAndStart(call, db(), {
      campaignName: "Photo",
      waba_id: wabaId,
      message: template,
      variables: ["Friend"],
      numbers: ordinaryNumbers(3, 100).join("\n"),
    });
    const { ids } = await recipientIds(id);
    const headers = headersOf(id, ids);
    expect(headers).toHaveLength(3);
    expect(new Set(headers.map((h) => JSON.stringify(h))).size).toBe(1);
    expect(headers[0]).toEqual({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(messageUploads.filter((name) => name === "order_photo.png")).toHaveLength(1);
  });

  it("sends the campaign's own upload instead when one is chosen", async () => {
    const template = await approvedImageTemplate("order_photo_two");
    const own = await uploadMedia(call, wabaId, png(300), "campaign.png");
    const id = await createAndStart(call, db(), {
      campaignName: "Own photo",
      waba_id: wabaId,
      message: template,
      headerMediaId: own,
      variables: ["Friend"],
      numbers: ordinaryNumbers(2, 200).join("\n"),
    });
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(row.headerMedia).toMatchObject({ uploadId: own, mimeType: "image/png", fileName: "campaign.png" });
    const { ids } = await recipientIds(id);
    const headers = headersOf(id, ids);
    expect(headers).toHaveLength(2);
    // A different file than the template's, so a different media id from the (content-addressed) sandbox.
    const templateHeaders = server.carrier.sent
      .filter((m) => m.content.kind === "template" && m.content.templateName === "order_photo")
      .map((m) => (m.content.kind === "template" ? m.content.header : undefined));
    expect(headers[0]).toMatchObject({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(headers[0]).not.toEqual(templateHeaders[0]);
  });

  it("sends a document header with its file name", async () => {
    const template = await approvedImageTemplate("order_invoice", "DOCUMENT", { bytes: pdf(), name: "invoice.pdf" });
    const id = await createAndStart(call, db(), {
      campaignName: "Invoice",
      waba_id: wabaId,
      message: template,
      variables: ["Friend"],
      numbers: ordinaryNumbers(1, 300).join("\n"),
    });
    const { ids } = await recipientIds(id);
    expect(headersOf(id, ids)).toEqual([
      { format: "document", mediaId: expect.stringMatching(/^4::/), fileName: "order_invoice.pdf" },
    ]);
  });

  it("a campaign whose header file is gone pauses with the reason and sends nothing", async () => {
    const template = await approvedImageTemplate("order_photo_gone");
    const res = await call({
      method: "POST",
      url: "/api/waba/campaign/create-campaign",
      as: "manager",
      payload: {
        campaignName: "Gone",
        waba_id: wabaId,
        message: template,
        variables: ["Friend"],
        numbers: ordinaryNumbers(2, 400).join("\n"),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id as string;
    await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "ready",
    );
    const [t] = await db().select().from(whatsappTemplates).where(eq(whatsappTemplates.id, template));
    await server.app.storage.delete(t.headerMediaKey ?? "");
    const started = await call({ method: "POST", url: `/api/waba/campaign/start-campaign/${id}`, as: "manager" });
    expect(started.statusCode, started.body).toBe(200);
    const paused = await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "paused",
    );
    expect(paused.statusReason).toBe(
      "The header media file is no longer stored; create the campaign again with a new file",
    );
    const { ids, states } = await recipientIds(id);
    expect(headersOf(id, ids)).toHaveLength(0);
    expect(states).toEqual(["queued", "queued"]);
  });

  it.each<[string, () => Promise<Record<string, unknown>>, string]>([
    [
      "a PDF for an image header",
      async () => ({
        message: await approvedImageTemplate("img_pdf"),
        headerMediaId: await uploadMedia(call, wabaId, pdf(), "x.pdf"),
      }),
      "headerMediaId: the template has an IMAGE header: WhatsApp accepts image/jpeg, image/png here; this file is application/pdf",
    ],
    [
      "an image for a video header",
      async () => ({
        message: await approvedImageTemplate("vid_png", "VIDEO", { bytes: mp4(), name: "v.mp4" }),
        headerMediaId: await uploadMedia(call, wabaId, png(), "x.png"),
      }),
      "headerMediaId: the template has a VIDEO header: WhatsApp accepts video/mp4, video/3gpp here; this file is image/png",
    ],
    [
      "header media for a template with no media header",
      async () => {
        const [t] = await db()
          .insert(whatsappTemplates)
          .values({
            userId: await server.id("manager"),
            wabaId,
            name: "plain_text",
            language: "en_US",
            category: "UTILITY",
            requestedCategory: "UTILITY",
            status: "APPROVED",
            components: [{ type: "BODY", text: "Hi {{1}}" }],
            providerTemplateId: "p-plain",
            submittedAt: new Date(),
          })
          .returning();
        return { message: t.id, headerMediaId: await uploadMedia(call, wabaId, png(), "x.png") };
      },
      "headerMediaId: the template's header is not an image, video or document; send no header media",
    ],
    [
      "an image template with no stored file and none chosen",
      async () => {
        const [t] = await db()
          .insert(whatsappTemplates)
          .values({
            userId: await server.id("manager"),
            wabaId,
            name: "no_file",
            language: "en_US",
            category: "UTILITY",
            requestedCategory: "UTILITY",
            status: "APPROVED",
            components: [
              { type: "HEADER", format: "IMAGE" },
              { type: "BODY", text: "Hi {{1}}" },
            ],
            providerTemplateId: "p-nofile",
            submittedAt: new Date(),
          })
          .returning();
        return { message: t.id };
      },
      "headerMediaId: the template's image header has no stored file; upload the header image for this campaign",
    ],
  ])("refuses %s and writes nothing", async (_case, fields, message) => {
    const extra = await fields();
    const before = await campaignCount();
    const res = await call({
      method: "POST",
      url: "/api/waba/campaign/create-campaign",
      as: "manager",
      payload: { campaignName: "Refused", waba_id: wabaId, variables: ["Friend"], numbers: "9876543210", ...extra },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await campaignCount()).toBe(before);
  });

  it("another account's upload is not found, and writes nothing", async () => {
    const template = await approvedImageTemplate("img_other");
    const [other] = await db()
      .insert(uploads)
      .values({
        userId: await server.id("globex"),
        channel: "whatsapp",
        storageKey: `x/${randomUUID()}`,
        originalName: "o.png",
        mimeType: "image/png",
        size: 10,
        sha256: "0",
      })
      .returning();
    const before = await campaignCount();
    const res = await call({
      method: "POST",
      url: "/api/waba/campaign/create-campaign",
      as: "manager",
      payload: {
        campaignName: "Other",
        waba_id: wabaId,
        message: template,
        headerMediaId: other.id,
        variables: ["Friend"],
        numbers: "9876543210",
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Header media not found");
    expect(await campaignCount()).toBe(before);
  });
});

describe("through the WhatsApp Cloud API stand-in", () => {
  let database: Database;
  let server: CloudServer;

  beforeAll(async () => {
    database = await freshDatabase();
    server = await cloudServer(database);
    await setBalance(database.db, await server.id("manager"), "1000.00");
    await server.connect();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("the request Meta receives has the header component with the image, uploaded as message media", async () => {
    const db = database.db;
    const res = await server.call({
      method: "POST",
      url: "/api/waba/create-template",
      as: "manager",
      payload: templateForm(imageTemplate(DOC_WABA_ID, "cloud_photo"), { bytes: png(), name: "header.png" }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json().data.id as string;
    await until(
      async () => (await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, template)))[0],
      (t) => t?.status === "APPROVED",
    );
    const id = await createAndStart(server.call, db, {
      campaignName: "Cloud photo",
      waba_id: DOC_WABA_ID,
      message: template,
      variables: ["Friend"],
      numbers: "+919876520001\n+919876520002",
    });
    const rows = await db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    const accepted = server.standIn.state.accepted.filter((a) =>
      rows.some((r) => a.payload.biz_opaque_callback_data === String(r.id)),
    );
    expect(accepted).toHaveLength(2);
    for (const a of accepted) {
      expect(a.payload).toMatchObject({
        type: "template",
        template: {
          name: "cloud_photo",
          components: [
            { type: "header", parameters: [{ type: "image", image: { id: expect.any(String) } }] },
            { type: "body", parameters: [{ type: "text", text: "Friend" }] },
          ],
        },
      });
    }
    const template0 = accepted[0].payload.template as { components: { parameters: { image?: { id: string } }[] }[] };
    const mediaId = template0.components[0].parameters[0].image?.id ?? "";
    expect(server.standIn.state.media.get(mediaId)).toMatchObject({ type: "image/png", bytes: png().length });
    expect(rows.every((r) => ["sent", "delivered", "read"].includes(r.state))).toBe(true);
  });
});
