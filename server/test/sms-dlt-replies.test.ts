// Replies on an Indian DLT route, end to end on the real server, over SMPP (the SMSC stand-in as a DLT route: a
// submit_sm without the template id TLV is scrubbed out) and an HTTP provider (its stand-in as a DLT account: a send
// without dlt_template_id is refused): the conversation says only templates may go (chats.get); an agent's free text
// is refused with the reason and nothing is stored or sent; a template reply goes with its DLT template id and is
// delivered; a workflow's text step fails with the reason while its template step goes out with the id; an AI agent,
// whose answers are free text, hands the conversation to the team with a note and logs the answer as skipped. A
// number the sandbox serves (no DLT route) still takes free text.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import { DLT_TEMPLATES_ONLY } from "../../contract/domain/chats";
import type { WorkflowGraph } from "../../contract/domain/workflow-graph";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { DLT_ROUTE } from "../carriers/smpp/stand-in/dlt";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../carriers/sms-http/stand-in";
import type { Database } from "../db/client";
import { aiAnswers, aiConversations, smsAccounts, smsTemplates } from "../db/schema";
import { until } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const ENTITY = "1201159100000012345";
const DLT_ID = "1107161234567890123";
const SMSC_USER = { systemId: "dltreply", password: "Sm5c-dlt1" };
const HTTP_KEY = "hx-dlt-reply-key-01";
const FLOW = "/api/flow/v1";

let database: Database;
let server: CloudServer;
let smsc: Smsc;
let provider: SmsHttpStandIn;
/** The template's row per route (one per header). */
let templateIds: Record<string, string> = {};
/** Read by the stand-in at each report: set once the HTTP channel (and so its DLR URL) exists. */
const httpOptions = {
  apiKey: HTTP_KEY,
  callbackUrl: "",
  dltTemplateField: "dlt_template_id",
  dltEntityField: "pe_id",
  // The provider's DLT registry: what the product sends as the template is scrubbed against it (the text, not only
  // the id), so "delivered" below means the registered text went out.
  dltTemplates: new Map([[DLT_ID, "Dear {#var#}, your order {#var#} is on its way. - ACME"]]),
};
const db = () => database.db;

type Message = { _id: string; direction: string; text: string; status: string | null; authorName: string };
const messages = async (chat: string): Promise<Message[]> =>
  (await server.call({ method: "GET", url: `/api/v1/chats/${chat}/messages`, as: "manager" })).json<{
    data: Message[];
  }>().data;
async function conversationOf(number: string): Promise<string> {
  const found = async () =>
    (await server.call({ method: "GET", url: `/api/v1/chats?limit=50&q=${encodeURIComponent(number)}`, as: "manager" }))
      .json<{ data: { _id: string; customerNumber: string }[] }>()
      .data.filter((c) => c.customerNumber === number);
  const [conversation] = await until(found, (c) => c.length === 1);
  return conversation._id;
}
const send = (chat: string, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: `/api/v1/chats/${chat}/messages`, as: "manager", payload });

/** What the provider was handed for a customer: the text and the DLT template id it carried. */
interface Route {
  name: string;
  reply: string;
  write(customer: string, text: string): Promise<void>;
  sent(customer: string): { text: string; templateId: string | undefined }[];
}
let channels: Record<string, CarrierChannelRecord> = {};
const routes: Route[] = [
  {
    name: "SMPP",
    reply: "+919876510001",
    write: async (customer, text) =>
      smsc.customerWrites({ systemId: SMSC_USER.systemId, from: customer.slice(1), to: "919876510001", text }),
    sent: (customer) =>
      smsc.submitted
        .filter((m) => m.to === customer.slice(1))
        .map((m) => ({ text: m.text, templateId: m.tlvs[String(DLT_ROUTE.templateIdTag)] })),
  },
  {
    name: "HTTP",
    reply: "+919876510002",
    write: async (customer, text) => {
      await provider.customerWrites(channels.HTTP.sms?.http?.inboundUrl ?? "", {
        from: customer.slice(1),
        to: "919876510002",
        text,
      });
    },
    sent: (customer) =>
      provider.received
        .filter((r) => r.body.to === customer.slice(1))
        .map((r) => ({ text: String(r.body.message), templateId: String(r.body.dlt_template_id ?? "") || undefined })),
  },
];

beforeAll(async () => {
  database = await freshDatabase();
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 20, dlt: DLT_ROUTE } });
  provider = await startSmsHttpStandIn(httpOptions);
  server = await cloudServer(database, { jobIntervalMs: 200 });
  const manager = await server.id("manager");
  const accounts = await db()
    .insert(smsAccounts)
    .values([
      {
        userId: manager,
        name: "Route DLTSMP",
        provider: "Acme SMPP",
        senderIds: ["DLTSMP"],
        dltEntityId: ENTITY,
        replyNumber: routes[0].reply,
      },
      {
        userId: manager,
        name: "Route DLTHTP",
        provider: "Acme HTTP",
        senderIds: ["DLTHTP"],
        dltEntityId: ENTITY,
        replyNumber: routes[1].reply,
      },
      {
        userId: manager,
        name: "Route PLAIN",
        provider: "Sandbox",
        senderIds: ["PLAINS"],
        replyNumber: "+919876510003",
      },
    ])
    .returning({ id: smsAccounts.id });
  // One DLT template linked to both headers (DLT scrubs header and template together, so each route's conversation
  // is offered its own header's row).
  const rows = await db()
    .insert(smsTemplates)
    .values(
      (["DLTSMP", "DLTHTP"] as const).map((senderId, i) => ({
        smsAccountId: accounts[i].id,
        name: "order_update",
        body: "Dear {#var#}, your order {#var#} is on its way. - ACME",
        category: "service-implicit" as const,
        senderId,
        dltTemplateId: DLT_ID,
      })),
    )
    .returning({ id: smsTemplates.id });
  templateIds = { SMPP: rows[0].id, HTTP: rows[1].id };
  const smpp = await server.call({
    method: "POST",
    url: "/api/v1/channels/smpp",
    as: "manager",
    payload: {
      name: "Acme SMPP",
      sender_ids: ["DLTSMP"],
      host: "127.0.0.1",
      port: smsc.port,
      system_id: SMSC_USER.systemId,
      password: SMSC_USER.password,
      dlt_entity_id: ENTITY,
    },
  });
  expect(smpp.statusCode, smpp.body).toBe(201);
  const http = await server.call({
    method: "POST",
    url: "/api/v1/channels/sms-http",
    as: "manager",
    payload: {
      name: "Acme HTTP",
      sender_ids: ["DLTHTP"],
      url: provider.url,
      auth_header: "Authorization",
      auth_prefix: "Bearer ",
      api_key: HTTP_KEY,
      dlt_entity_id: ENTITY,
      body_template: JSON.stringify({
        to: "{{to_digits}}",
        sender: "{{from}}",
        message: "{{text}}",
        pe_id: "{{entity_id}}",
        dlt_template_id: "{{dlt_template_id}}",
      }),
      message_id_path: "data.message_id",
      dlr_id_path: "message_id",
      dlr_status_path: "status",
      dlr_code_path: "error_code",
      dlr_delivered: "DELIVERED",
      dlr_failed: "UNDELIVERED",
      inbound_from_path: "from",
      inbound_to_path: "to",
      inbound_text_path: "text",
      inbound_id_path: "id",
    },
  });
  expect(http.statusCode, http.body).toBe(201);
  channels = { SMPP: smpp.json().data, HTTP: http.json().data };
  httpOptions.callbackUrl = channels.HTTP.webhook.url;
  // The SMPP channel's transceiver bound, as the server binds every SMPP channel at start.
  expect(
    (
      await server.call({
        method: "POST",
        url: `/api/v1/channels/carrier-channels/${channels.SMPP._id}/test`,
        as: "manager",
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smsc?.close();
  await provider?.close();
  await database?.close();
});

describe.each(routes)("an agent's reply over $name on a DLT route", (route) => {
  const customer = route.name === "SMPP" ? "+919812366001" : "+919812366002";
  let chat = "";

  it("the conversation says only templates may go, before anyone types", async () => {
    await route.write(customer, "Where is my order?");
    chat = await conversationOf(customer);
    const got = await server.call({ method: "GET", url: `/api/v1/chats/${chat}`, as: "manager" });
    expect(got.json()).toMatchObject({
      data: { channel: "sms", businessAddress: route.reply },
      dltTemplatesOnly: true,
    });
  });

  it("free text is refused with the reason: nothing stored, nothing handed to the provider", async () => {
    const before = await messages(chat);
    const refused = await send(chat, { clientId: `free-${route.name}`, messageType: "text", text: "It ships today." });
    expect([refused.statusCode, refused.json().message]).toEqual([422, DLT_TEMPLATES_ONLY]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await messages(chat)).toEqual(before);
    expect(route.sent(customer)).toEqual([]);
  });

  it("a template reply goes with its DLT template id and is delivered", async () => {
    const sent = await send(chat, {
      clientId: `tpl-${route.name}`,
      messageType: "template",
      templateId: templateIds[route.name],
      params: ["Asha", "JM-1"],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const text = "Dear Asha, your order JM-1 is on its way. - ACME";
    expect(
      await until(
        async () => route.sent(customer),
        (s) => s.length === 1,
      ),
    ).toEqual([{ text, templateId: DLT_ID }]);
    const reply = await until(
      async () => (await messages(chat)).find((m) => m.text === text),
      (m) => m?.status === "delivered",
    );
    expect(reply).toMatchObject({ direction: "out", status: "delivered" });
  });
});

describe("a number the sandbox serves (no DLT route)", () => {
  it("takes free text as before", async () => {
    const wrote = await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: { channel: "sms", address: "+919876510003", number: "+919812366009", text: "hello" },
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    const chat = await conversationOf("+919812366009");
    expect(
      (await server.call({ method: "GET", url: `/api/v1/chats/${chat}`, as: "manager" })).json().dltTemplatesOnly,
    ).toBe(false);
    expect((await send(chat, { clientId: "plain-1", messageType: "text", text: "Hi there" })).statusCode).toBe(200);
  });
});

describe("a workflow's replies on a DLT route", () => {
  const graph = (keyword: string, step: WorkflowGraph["nodes"][number]): WorkflowGraph => ({
    nodes: [
      {
        id: "start",
        type: "trigger.inbound",
        data: { channel: "sms", match: "keyword", keywords: keyword },
        position: { x: 0, y: 0 },
      },
      { ...step, position: { x: 0, y: 100 } },
    ],
    edges: [{ id: "start-next-step", source: "start", target: step.id, sourceHandle: null }],
  });
  const publish = async (name: string, g: WorkflowGraph) => {
    const made = await server.call({
      method: "POST",
      url: `${FLOW}/workflows`,
      as: "manager",
      payload: { name, graph: g },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data._id as string;
    expect(
      (await server.call({ method: "POST", url: `${FLOW}/workflows/${id}/publish`, as: "manager", payload: {} }))
        .statusCode,
    ).toBe(200);
    return id;
  };
  type Run = {
    _id: string;
    status: string;
    error: string | null;
    steps: { nodeId: string; status: string; error: string | null }[];
  };
  const runs = async (workflow: string) => {
    const list = (
      await server.call({ method: "GET", url: `${FLOW}/workflow-runs?workflowId=${workflow}&limit=100`, as: "manager" })
    ).json().data as { _id: string; status: string }[];
    return Promise.all(
      list.map(
        async (r) =>
          (await server.call({ method: "GET", url: `${FLOW}/workflow-runs/${r._id}`, as: "manager" })).json()
            .data as Run,
      ),
    );
  };
  let textFlow = "";
  let templateFlow = "";

  beforeAll(async () => {
    textFlow = await publish(
      "DLT text",
      graph("textme", {
        id: "say",
        type: "action.send_text",
        data: { text: "We got your message" },
        position: { x: 0, y: 0 },
      }),
    );
    templateFlow = await publish(
      "DLT template",
      graph("templateme", {
        id: "say",
        type: "action.send_template",
        data: { templateName: "order_update", params: ["Ravi", "JM-7"] },
        position: { x: 0, y: 0 },
      }),
    );
  });

  it.each(routes)(
    "over $name: the text step fails with the reason and sends nothing; the template step goes with its id",
    async (route) => {
      const customer = route.name === "SMPP" ? "+919812366011" : "+919812366012";
      const done = (r: Run[], n: number) => r.filter((x) => ["succeeded", "failed"].includes(x.status)).length === n;
      const n = route.name === "SMPP" ? 1 : 2;
      await route.write(customer, "textme");
      const failed = (
        await until(
          () => runs(textFlow),
          (r) => done(r, n),
        )
      ).filter((r) => r.status === "failed");
      expect(failed).toHaveLength(n);
      expect(failed[0].steps.find((s) => s.nodeId === "say")).toMatchObject({
        status: "failed",
        error: DLT_TEMPLATES_ONLY,
      });
      await route.write(customer, "templateme");
      expect(
        (
          await until(
            () => runs(templateFlow),
            (r) => done(r, n),
          )
        ).map((r) => r.status),
      ).toEqual(Array(n).fill("succeeded"));
      expect(
        await until(
          async () => route.sent(customer),
          (s) => s.length === 1,
        ),
      ).toEqual([{ text: "Dear Ravi, your order JM-7 is on its way. - ACME", templateId: DLT_ID }]);
    },
  );
});

describe("an AI agent on a DLT route", () => {
  beforeAll(async () => {
    const res = await server.call({
      method: "POST",
      url: `${FLOW}/marketplace/order-status/install`,
      as: "manager",
      payload: { channels: ["sms"] },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each(routes)(
    "over $name: its free-text answer is not sent; the team gets the conversation with a note saying why",
    async (route) => {
      const customer = route.name === "SMPP" ? "+919812366021" : "+919812366022";
      await route.write(customer, "How long does delivery take to Pune?");
      const chat = await conversationOf(customer);
      const [logged] = await until(
        () => db().select().from(aiAnswers).where(eq(aiAnswers.conversationId, chat)),
        (a) => a.length === 1,
      );
      expect(logged).toMatchObject({ outcome: "skipped", reason: DLT_TEMPLATES_ONLY });
      const thread = await messages(chat);
      expect(thread.filter((m) => m.direction === "out")).toEqual([]);
      expect(thread.find((m) => m.direction === "note")?.text).toBe(
        `🤖 Order status assistant cannot answer here and handed this conversation to the team: ${DLT_TEMPLATES_ONLY}`,
      );
      const [state] = await db().select().from(aiConversations).where(eq(aiConversations.conversationId, chat));
      expect(state).toMatchObject({ state: "handed_off", reason: "free text is not allowed on this DLT route" });
      expect(route.sent(customer)).toEqual([]);
    },
  );
});
