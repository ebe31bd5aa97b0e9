// The SMS survey on an Indian DLT route, end to end over SMPP (issue 40 item 6): the stand-in SMSC as a DLT route that
// knows the registry's templates scrubs out a text that is not its template's (TCCCPR 2018), so the survey goes as
// the registered survey template's own text, its {#var#} filled with the account's business name, under its DLT
// template id, and is delivered; the wording we used to send ("<question> Reply with a number…") under the same id is
// scrubbed out (REJECTD, the mismatch code). A settings id whose template was since deleted sends nothing and says why.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSAT_SMS_SUFFIX } from "../../contract/domain/csat";
import { SMS_VARIABLE_MAX } from "../../contract/domain/sms";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { DLT_ROUTE, TEMPLATE_MISMATCH, dltError } from "../carriers/smpp/stand-in/dlt";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import { smsAccounts, smsTemplates, users } from "../db/schema";
import { CSAT_DLT_TEMPLATE_GONE } from "../services/chats/csat-dlt-text";
import { until } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const ENTITY = "1201159100000054321";
const SURVEY_ID = "1107165555555555501";
const SURVEY = "Thank you for contacting {#var#}. How did we do? Reply with a number from 1 (poor) to 5 (great).";
const SMSC_USER = { systemId: "dltcsat", password: "Sm5c-csat" };
const REPLY = "+919876520001";
const QUESTION = "How did we do?";

let database: Database;
let server: CloudServer;
let smsc: Smsc;
let manager = "";
const db = () => database.db;
const ROUTE = { ...DLT_ROUTE, templates: new Map([[SURVEY_ID, SURVEY]]) };

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: Record<string, unknown>) =>
  server.call({ method, url, as: "manager", ...(payload ? { payload } : {}) });
async function conversationOf(number: string): Promise<string> {
  const found = async () =>
    (await call("GET", `/api/v1/chats?limit=50&q=${encodeURIComponent(number)}`))
      .json<{ data: { _id: string; customerNumber: string }[] }>()
      .data.filter((c) => c.customerNumber === number);
  const [conversation] = await until(found, (c) => c.length === 1);
  return conversation._id;
}
const submittedTo = (customer: string) => smsc.submitted.filter((m) => m.to === customer.slice(1));
const csatEvents = (chat: string) =>
  rowsOf<{ kind: string; note: string }>(
    db(),
    sql`select kind, note from conversation_events where conversation_id = ${chat} and kind like 'csat%' order by id`,
  );

beforeAll(async () => {
  database = await freshDatabase();
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 20, dlt: ROUTE } });
  server = await cloudServer(database, { jobIntervalMs: 200 });
  manager = await server.id("manager");
  const [account] = await db()
    .insert(smsAccounts)
    .values({
      userId: manager,
      name: "Route CSATSM",
      provider: "Acme SMPP",
      senderIds: ["CSATSM"],
      dltEntityId: ENTITY,
      replyNumber: REPLY,
    })
    .returning({ id: smsAccounts.id });
  await db().insert(smsTemplates).values({
    smsAccountId: account.id,
    name: "Survey",
    body: SURVEY,
    category: "service-implicit",
    senderId: "CSATSM",
    dltTemplateId: SURVEY_ID,
  });
  const smpp = await call("POST", "/api/v1/channels/smpp", {
    name: "Acme SMPP",
    sender_ids: ["CSATSM"],
    host: "127.0.0.1",
    port: smsc.port,
    system_id: SMSC_USER.systemId,
    password: SMSC_USER.password,
    dlt_entity_id: ENTITY,
  });
  expect(smpp.statusCode, smpp.body).toBe(201);
  const bound = await call("POST", `/api/v1/channels/carrier-channels/${smpp.json().data._id}/test`);
  expect(bound.statusCode).toBe(200);
  const saved = await call("PUT", "/api/v1/chats/csat", {
    enabled: true,
    question: QUESTION,
    whatsappTemplate: null,
    smsDltTemplateId: SURVEY_ID,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smsc?.close();
  await database?.close();
});

/** A customer writes to the route's number; the manager resolves the conversation; answers it. */
async function resolvedConversation(customer: string): Promise<string> {
  smsc.customerWrites({ systemId: SMSC_USER.systemId, from: customer.slice(1), to: REPLY.slice(1), text: "Thanks!" });
  const chat = await conversationOf(customer);
  expect((await call("POST", `/api/v1/chats/${chat}/resolve`)).statusCode).toBe(200);
  return chat;
}

describe("the SMS survey on a DLT route that scrubs against its registry", () => {
  // Each {#var#} takes the account's business name, cut to DLT's 30 characters.
  it.each<[string, string, string]>([
    ["a company name", "Acme Retail Pvt Ltd", "Acme Retail Pvt Ltd"],
    ["one over DLT's limit, cut", "Acme Retail and Home Furnishings Pvt Ltd", "Acme Retail and Home Furnishin"],
  ])("goes as the registered template filled with %s, and is delivered", async (_, company, filled) => {
    await db().update(users).set({ companyName: company }).where(eq(users.id, manager));
    const customer = company.length > SMS_VARIABLE_MAX ? "+919812377002" : "+919812377001";
    const chat = await resolvedConversation(customer);
    const text = SURVEY.replace("{#var#}", filled);
    const [sent] = await until(
      async () => submittedTo(customer),
      (s) => s.length === 1,
    );
    expect(sent).toMatchObject({ text, tlvs: { [String(DLT_ROUTE.templateIdTag)]: SURVEY_ID } });
    expect(sent.rejected).toBeUndefined();
    const thread = await until(
      async () =>
        (await call("GET", `/api/v1/chats/${chat}/messages`)).json<{
          data: { text: string; status: string; authorName: string }[];
        }>().data,
      (m) => m.some((x) => x.authorName === "Satisfaction survey" && x.status === "delivered"),
    );
    expect(thread.find((x) => x.authorName === "Satisfaction survey")).toMatchObject({ text, status: "delivered" });
    expect(await csatEvents(chat)).toEqual([{ kind: "csat_sent", note: "SMS DLT template" }]);
  });

  it("the wording sent before (our question and the 1-5 line) under the same id is scrubbed out", () => {
    const tlvs = { [String(DLT_ROUTE.entityIdTag)]: ENTITY, [String(DLT_ROUTE.templateIdTag)]: SURVEY_ID };
    const before = `${QUESTION} ${CSAT_SMS_SUFFIX}`;
    expect(dltError(ROUTE, tlvs, { text: before, multipart: false })).toBe(TEMPLATE_MISMATCH);
    expect(dltError(ROUTE, tlvs, { text: SURVEY.replace("{#var#}", "Acme"), multipart: false })).toBeNull();
    // An id the registry lacks is TEMPLATE_NOT_FOUND, as a missing one.
    expect(
      dltError(
        ROUTE,
        { ...tlvs, [String(DLT_ROUTE.templateIdTag)]: "1107160000000000999" },
        { text: before, multipart: false },
      ),
    ).toBe("630");
  });

  it("a survey whose text is not the registry's template is scrubbed out: REJECTD, failed in the thread", async () => {
    // The registry holds another text under the survey's id (the account's copy differs from what DLT registered).
    smsc.behaviour.dlt = { ...DLT_ROUTE, templates: new Map([[SURVEY_ID, "Another registered text {#var#}"]]) };
    try {
      const customer = "+919812377003";
      const chat = await resolvedConversation(customer);
      const [sent] = await until(
        async () => submittedTo(customer),
        (s) => s.length === 1,
      );
      expect(sent.rejected).toBe(TEMPLATE_MISMATCH);
      const thread = await until(
        async () =>
          (await call("GET", `/api/v1/chats/${chat}/messages`)).json<{
            data: { status: string; authorName: string; error: string | null }[];
          }>().data,
        (m) => m.some((x) => x.authorName === "Satisfaction survey" && x.status === "failed"),
      );
      expect(thread.find((x) => x.authorName === "Satisfaction survey")?.error).toContain(`(err ${TEMPLATE_MISMATCH})`);
    } finally {
      smsc.behaviour.dlt = ROUTE;
    }
  });

  it("an id whose template was since deleted sends nothing and the log says why", async () => {
    await db().delete(smsTemplates).where(eq(smsTemplates.dltTemplateId, SURVEY_ID));
    const customer = "+919812377005";
    const chat = await resolvedConversation(customer);
    expect(
      await until(
        () => csatEvents(chat),
        (e) => e.length > 0,
      ),
    ).toEqual([{ kind: "csat_not_sent", note: CSAT_DLT_TEMPLATE_GONE(SURVEY_ID) }]);
    expect(submittedTo(customer)).toEqual([]);
  });
});
