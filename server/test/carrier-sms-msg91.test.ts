// An HTTP SMS provider connected with the MSG91 preset, end to end on the real server against the stand-in in MSG91
// mode: the connect call takes the preset's form values with only the key, headers and entity id added, the channel
// answers its preset; campaigns from its headers post MSG91's body with each message's own DLT template id
// (DLT_TE_ID, from the campaign's SMS template), and the v3 webhook's reports settle the recipients.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import { SMS_HTTP_PRESETS } from "../../contract/domain/sms-http-presets";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../carriers/sms-http/stand-in";
import type { Database } from "../db/client";
import { campaignRecipients, smsAccounts, smsTemplates } from "../db/schema";
import { insertCampaign, setBalance, until } from "./campaign-fixtures";
import { freshDatabase } from "./harness";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const KEY = "msg91-authkey-acme-0001";
const ENTITY = "1201159100000012345";
const TEMPLATES = [
  { name: "otp_acmemg", body: "Dear {#var#}, your code is {#var#}. - ACME", dltTemplateId: "1107161234567890001" },
  { name: "ship_acmemg", body: "Hi {#var#}, order {#var#} has shipped. - ACME", dltTemplateId: "1107161234567890002" },
];

let database: Database;
let server: CloudServer;
let provider: SmsHttpStandIn;
/** The stand-in reads its callback when it reports: set once the channel (and so its DLR URL) exists. */
const callback = { apiKey: KEY, callbackUrl: "", mode: "msg91" as const };
const db = () => database.db;

beforeAll(async () => {
  database = await freshDatabase();
  provider = await startSmsHttpStandIn(callback);
  server = await cloudServer(database, { jobIntervalMs: 60_000 });
  const manager = await server.id("manager");
  await setBalance(db(), manager, "100000.00");
  const [account] = await db()
    .insert(smsAccounts)
    .values({
      userId: manager,
      name: "Route ACMEMG",
      provider: "MSG91 · transactional",
      senderIds: ["ACMEMG"],
      dltEntityId: ENTITY,
    })
    .returning({ id: smsAccounts.id });
  await db()
    .insert(smsTemplates)
    .values(TEMPLATES.map((t) => ({ smsAccountId: account.id, category: "transactional", senderId: "ACMEMG", ...t })));
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await database?.close();
});

describe("an HTTP provider connected with the MSG91 preset", () => {
  let channel: CarrierChannelRecord;

  it("connects with the preset's settings and the account's key, headers and entity id; the channel answers its preset", async () => {
    const payload = {
      ...SMS_HTTP_PRESETS.msg91.form,
      url: provider.url,
      preset: "msg91",
      name: "Acme MSG91",
      sender_ids: ["ACMEMG"],
      api_key: KEY,
      dlt_entity_id: ENTITY,
    };
    const wrong = await server.call({
      method: "POST",
      url: "/api/v1/channels/sms-http",
      as: "manager",
      payload: { ...payload, api_key: "not-the-authkey" },
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([
      400,
      "The provider refused the API key (207: Invalid authentication key)",
    ]);
    const res = await server.call({ method: "POST", url: "/api/v1/channels/sms-http", as: "manager", payload });
    expect(res.statusCode, res.body).toBe(201);
    channel = res.json().data;
    expect(channel.sms).toMatchObject({
      dltEntityId: ENTITY,
      http: {
        preset: "msg91",
        url: provider.url,
        authHeader: "authkey",
        authPrefix: "",
        messageIdPath: "message",
        dlr: { idPath: "requestId", delivered: ["1"], failed: ["2", "9", "16", "17", "25"] },
      },
    });
    callback.callbackUrl = channel.webhook.url;
  });

  it("sends each campaign's messages with their own template's DLT template id; MSG91's reports settle them", async () => {
    const manager = await server.id("manager");
    const [account] = await db().select().from(smsAccounts).where(eq(smsAccounts.name, "Route ACMEMG"));
    const templates = await db().select().from(smsTemplates).where(eq(smsTemplates.smsAccountId, account.id));
    provider.behaviour.undeliverable.add("919876541102");
    const sent = [];
    for (const [i, t] of TEMPLATES.entries()) {
      const template = templates.find((row) => row.name === t.name);
      if (!template) throw new Error(`no template ${t.name}`);
      const numbers = [`+9198765411${i}1`, `+9198765411${i}2`];
      const id = await insertCampaign(db(), {
        userId: manager,
        channel: "sms",
        templateId: template.id,
        templateName: template.name,
        sender: "ACMEMG",
        smsAccountId: account.id,
        numbers,
        holdPaise: 10_000,
        rowVariables: () => ["Ravi", "77"],
      });
      const rows = await until(
        async () =>
          db()
            .select()
            .from(campaignRecipients)
            .where(eq(campaignRecipients.campaignId, id))
            .orderBy(campaignRecipients.number),
        (r) => r.length === 2 && r.every((x) => x.state === "delivered" || x.state === "failed"),
      );
      sent.push({ t, numbers, rows });
    }
    for (const { t, numbers, rows } of sent) {
      const posted = provider.received.filter((r) =>
        numbers.map((n) => n.slice(1)).includes(String((r.body.sms as { to: string[] }[])[0].to[0])),
      );
      expect(posted.map((p) => p.body.DLT_TE_ID)).toEqual([t.dltTemplateId, t.dltTemplateId]);
      expect(posted[0].body).toMatchObject({
        sender: "ACMEMG",
        route: "4",
        country: "91",
        sms: [{ message: t.body.replace("{#var#}", "Ravi").replace("{#var#}", "77") }],
      });
      // Each recipient settled by the report of its own request id.
      expect(rows.map((r) => r.providerMessageId).sort()).toEqual(posted.map((p) => p.id).sort());
    }
    expect(sent.flatMap((s) => s.rows.map((r) => [r.number, r.state, r.code]))).toEqual([
      ["+919876541101", "delivered", null],
      ["+919876541102", "failed", "BLOCKED"],
      ["+919876541111", "delivered", null],
      ["+919876541112", "delivered", null],
    ]);
  });

  it("an edit from the form without the key keeps the stored key and the preset", async () => {
    const { api_key: _k, ...edit } = {
      ...SMS_HTTP_PRESETS.msg91.form,
      url: provider.url,
      preset: "msg91",
      name: "Acme MSG91 route",
      sender_ids: ["ACMEMG"],
      api_key: KEY,
      dlt_entity_id: ENTITY,
      messages_per_second: 40,
    };
    const res = await server.call({
      method: "PUT",
      url: `/api/v1/channels/sms-http/${channel._id}`,
      as: "manager",
      payload: edit,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Acme MSG91 route",
      messagesPerSecond: 40,
      sms: { http: { preset: "msg91" } },
    });
  });
});
