// A workflow's "Send template" step with a WhatsApp template whose header is an image: publishing is refused until
// the step has a file when the template has none of its own; the run sends the step's chosen file (uploaded to the
// carrier as message media) or else the template's own, with the template, through the carrier interface.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseHeaderMedia } from "../../contract/domain/workflow-header-media";
import type { WorkflowGraph } from "../../contract/domain/workflow-graph";
import type { TemplateHeaderMedia } from "../carriers/carrier";
import { createSandboxCarrier } from "../carriers/sandbox";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import type { Database } from "../db/client";
import { wabaPhoneNumbers, wabas, whatsappTemplates, workflowVersions } from "../db/schema";
import { countingCarrier, dispatchServer, FAST_MESSAGES, until, type DispatchServer } from "./campaign-fixtures";
import { freshDatabase, type DemoName } from "./harness";
import { multipart, png } from "./media-fixtures";
import { templateForm } from "./whatsapp-template-server";

type Call = (options: InjectOptions & { as?: DemoName }) => Promise<LightMyRequestResponse>;
const FLOW = "/api/flow/v1";

let database: Database;
let server: DispatchServer;
let call: Call;
const uploaded: { purpose?: string; fileName: string; bytes: number }[] = [];
const wabaId = `waba-${randomUUID()}`;
const phoneId = `phone-${wabaId}`;
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  const base = createSandboxCarrier(testSandboxConfig("wf-header", FAST_MESSAGES));
  const carrier = countingCarrier({
    ...base,
    uploadMedia: async (media) => {
      uploaded.push({ purpose: media.purpose, fileName: media.fileName, bytes: media.bytes.length });
      return base.uploadMedia(media);
    },
  });
  server = await dispatchServer(database, { carrier });
  call = async ({ as, headers, ...rest }) =>
    server.app.inject({
      ...rest,
      headers: { ...headers, ...(as ? { authorization: `Bearer ${await server.token(as)}` } : {}) },
    });
  const [waba] = await db()
    .insert(wabas)
    .values({ userId: await server.id("manager"), wabaId, name: "Flow WABA" })
    .returning();
  await db().insert(wabaPhoneNumbers).values({
    wabaId: waba.id,
    phoneNumberId: phoneId,
    displayPhoneNumber: "+91 98765 00009",
    verifiedName: "Flow Biz",
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function imageTemplate(name: string, withValue = true): Promise<string> {
  // The fallback step sends its template without values: its templates have none.
  const body = withValue
    ? { type: "BODY", text: "Hi {{1}}, your parcel is here.", example: { body_text: [["Asha"]] } }
    : { type: "BODY", text: "Your parcel is here." };
  const components = [{ type: "HEADER", format: "IMAGE" }, body];
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

/**
 * A "Send with fallback" step on the WhatsApp number alone: a new conversation is outside the window, so it sends the
 * template.
 */
const fallbackGraph = (templateName: string, step: Record<string, unknown> = {}): WorkflowGraph => ({
  nodes: [
    {
      id: "start",
      type: "trigger.webhook",
      data: { contactChannel: "whatsapp", contactAddress: phoneId, contactNumber: "{{trigger.body.phone}}" },
      position: { x: 0, y: 0 },
    },
    {
      id: "send",
      type: "action.send_fallback",
      data: {
        text: "Your parcel is here",
        templateName,
        chain: [{ channel: "whatsapp", address: phoneId }],
        deliverySeconds: 0,
        ...step,
      },
      position: { x: 0, y: 100 },
    },
  ],
  edges: [{ id: "start-next-send", source: "start", target: "send", sourceHandle: null }],
});

const graph = (templateName: string, step: Record<string, unknown> = {}): WorkflowGraph => ({
  nodes: [
    {
      id: "start",
      type: "trigger.webhook",
      data: { contactChannel: "whatsapp", contactAddress: phoneId, contactNumber: "{{trigger.body.phone}}" },
      position: { x: 0, y: 0 },
    },
    {
      id: "send",
      type: "action.send_template",
      data: { templateName, params: ["{{trigger.body.name}}"], ...step },
      position: { x: 0, y: 100 },
    },
  ],
  edges: [{ id: "start-next-send", source: "start", target: "send", sourceHandle: null }],
});

async function draft(name: string, g: WorkflowGraph): Promise<{ id: string; webhookPath: string }> {
  const res = await call({ method: "POST", url: `${FLOW}/workflows`, as: "manager", payload: { name, graph: g } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data._id as string, webhookPath: res.json().data.webhookPath as string };
}

const publish = (id: string) =>
  call({ method: "POST", url: `${FLOW}/workflows/${id}/publish`, as: "manager", payload: {} });

/** Posts to the workflow's webhook and waits for its run's template send; answers the header it carried. */
async function runAndSend(
  webhookPath: string,
  phone: string,
): Promise<TemplateHeaderMedia | { format: "text" } | undefined> {
  const hook = await call({ method: "POST", url: webhookPath, payload: { phone, name: "Asha" } });
  expect(hook.statusCode, hook.body).toBeLessThan(300);
  const message = await until(
    async () => server.carrier.sent.find((m) => m.to === phone),
    (m) => m !== undefined,
    20_000,
  );
  expect(message?.content).toMatchObject({ kind: "template" });
  return message?.content.kind === "template" ? message.content.header : undefined;
}

describe("publishing", () => {
  it("refuses a media-header template with no file of its own until the step has one, and stores no version", async () => {
    const templateId = await imageTemplate("wf_synced_photo");
    // As if synced from WhatsApp Manager with no file of ours and no link: nothing to send as the header.
    await db().update(whatsappTemplates).set({ headerMediaKey: null }).where(eq(whatsappTemplates.id, templateId));
    const { id } = await draft("No header file", graph("wf_synced_photo"));
    const got = await call({ method: "GET", url: `${FLOW}/workflows/${id}`, as: "manager" });
    expect(got.json().problems).toContainEqual(
      expect.objectContaining({
        nodeId: "send",
        field: "headerMediaId",
        message: chooseHeaderMedia("wf_synced_photo"),
      }),
    );
    const refused = await publish(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: "send", message: "Choose the header media for template wf_synced_photo" },
    ]);
    expect(
      (await db().select({ n: count() }).from(workflowVersions).where(eq(workflowVersions.workflowId, id)))[0].n,
    ).toBe(0);
  });

  it("refuses a chosen file that is not the owner's, and one of the wrong kind", async () => {
    await imageTemplate("wf_kind_photo");
    const theirs = await call({
      method: "POST",
      url: "/api/upload/aws-upload",
      as: "globex",
      ...(await multipart({ channel: "whatsapp" }, { field: "fileContent", bytes: png(), name: "theirs.png" })),
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const pdf = await call({
      method: "POST",
      url: "/api/upload/aws-upload",
      as: "manager",
      ...(await multipart(
        { channel: "whatsapp" },
        { field: "fileContent", bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<< >>\nendobj\n%%EOF\n"), name: "terms.pdf" },
      )),
    });
    expect(pdf.statusCode, pdf.body).toBe(201);
    for (const [upload, message] of [
      [
        theirs.json().data._id as string,
        "Send template: the header media of wf_kind_photo is not one of your WhatsApp files; choose it again",
      ],
      [
        pdf.json().data._id as string,
        "Send template: the header media of wf_kind_photo cannot be sent: WhatsApp accepts image/jpeg, image/png here; this file is application/pdf",
      ],
    ]) {
      const { id } = await draft("Bad header file", graph("wf_kind_photo", { headerMediaId: upload }));
      const refused = await publish(id);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual([{ field: "send", message }]);
    }
  });
});

describe("runs", () => {
  it("sends the step's chosen header file with the template, uploaded to the carrier as message media", async () => {
    await imageTemplate("wf_parcel_photo");
    const own = await call({
      method: "POST",
      url: "/api/waba/media/upload-whatsapp-media",
      as: "manager",
      ...(await multipart({ waba_id: wabaId }, { field: "file", bytes: png(300), name: "parcel.png" })),
    });
    expect(own.statusCode, own.body).toBe(201);
    const { id, webhookPath } = await draft(
      "Parcel photo",
      graph("wf_parcel_photo", { headerMediaId: own.json().data.upload._id, headerMediaName: "parcel.png" }),
    );
    expect((await publish(id)).statusCode).toBe(200);
    const header = await runAndSend(webhookPath, "+919000000004");
    expect(header).toEqual({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(uploaded).toContainEqual({ purpose: "message", fileName: "parcel.png", bytes: png(300).length });
  });

  it("sends the template's own header file when the step chose none", async () => {
    await imageTemplate("wf_default_photo");
    const { id, webhookPath } = await draft("Default photo", graph("wf_default_photo"));
    expect((await publish(id)).statusCode).toBe(200);
    const header = await runAndSend(webhookPath, "+919000000005");
    expect(header).toEqual({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(uploaded).toContainEqual({ purpose: "message", fileName: "wf_default_photo.png", bytes: png().length });
  });
});

describe("a Send with fallback step's WhatsApp template", () => {
  it("is refused on publish when the template has no file and the step chose none", async () => {
    const templateId = await imageTemplate("wf_fallback_bare", false);
    await db().update(whatsappTemplates).set({ headerMediaKey: null }).where(eq(whatsappTemplates.id, templateId));
    const { id } = await draft("Fallback without header file", fallbackGraph("wf_fallback_bare"));
    const refused = await publish(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: "send", message: chooseHeaderMedia("wf_fallback_bare") }]);
  });

  it("sends the step's chosen header file", async () => {
    await imageTemplate("wf_fallback_photo", false);
    const own = await call({
      method: "POST",
      url: "/api/waba/media/upload-whatsapp-media",
      as: "manager",
      ...(await multipart({ waba_id: wabaId }, { field: "file", bytes: png(320), name: "fallback.png" })),
    });
    expect(own.statusCode, own.body).toBe(201);
    const { id, webhookPath } = await draft(
      "Fallback photo",
      fallbackGraph("wf_fallback_photo", {
        headerMediaId: own.json().data.upload._id,
        headerMediaName: "fallback.png",
      }),
    );
    expect((await publish(id)).statusCode).toBe(200);
    const header = await runAndSend(webhookPath, "+919000000006");
    expect(header).toEqual({ format: "image", mediaId: expect.stringMatching(/^4::/) });
    expect(uploaded).toContainEqual({ purpose: "message", fileName: "fallback.png", bytes: png(320).length });
  });
});
