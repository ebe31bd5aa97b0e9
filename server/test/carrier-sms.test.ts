// SMS providers connected by an account, end to end on the real server: SMPP (against the local SMSC stand-in) and a
// generic HTTP provider (against its stand-in). Connecting checks the credentials first (SMPP: a transmitter bind and
// an unbind) and stores nothing on a refusal; secrets are sealed and only hinted; headers are claimed per account; a
// campaign from a claimed header goes out through the provider and its receipts come back (over the bind for SMPP,
// through the token-checked DLR webhook for HTTP), while other headers stay on the sandbox; disconnecting frees them.
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CarrierChannelRecord } from "../../contract/calls";
import { startSmsc, type Smsc } from "../carriers/smpp/stand-in";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../carriers/sms-http/stand-in";
import type { Database } from "../db/client";
import {
  campaignRecipients,
  campaigns,
  carrierChannels,
  carrierSmsSenders,
  smsAccounts,
  smsTemplates,
} from "../db/schema";
import { openCredentials } from "../services/carrier-channels/credentials-crypto";
import { credentialsKeyFromEnv } from "../config/credentials-key";
import { insertCampaign, setBalance, until } from "./campaign-fixtures";
import { configFromEnv } from "../config";
import { PRIVATE_ADDRESS } from "../http/ssrf";
import { demoSessions, freshDatabase, startPeer } from "./harness";
import { cloudServer, type CloudServer } from "./whatsapp-cloud-fixtures";

const SMSC_USER = { systemId: "acmesmpp", password: "Sm5c-pw9" };
const HTTP_KEY = "hx-live-key-0001-acme";

let database: Database;
let server: CloudServer;
let smsc: Smsc;
let provider: SmsHttpStandIn;
/** The stand-in reads its callback when it reports: set once the channel (and so its DLR URL) exists. */
const callback = { apiKey: HTTP_KEY, callbackUrl: "" };
let smpp: CarrierChannelRecord;
let http: CarrierChannelRecord;
const db = () => database.db;

const counts = async () => ({
  channels: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carrierChannels)
  )[0].n,
  senders: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(carrierSmsSenders)
  )[0].n,
});

/** An SMS account of `userId` with one header and a DLT template on it. */
async function smsAccount(
  userId: string,
  header: string,
): Promise<{ accountId: string; templateId: string; name: string }> {
  const [account] = await db()
    .insert(smsAccounts)
    .values({
      userId,
      name: `Route ${header}`,
      provider: "Sandbox · transactional route",
      senderIds: [header],
      dltEntityId: "1201159100000012345",
    })
    .returning({ id: smsAccounts.id });
  const [t] = await db()
    .insert(smsTemplates)
    .values({
      smsAccountId: account.id,
      name: `otp_${header.toLowerCase()}`,
      body: "Dear {#var#}, your code is {#var#}. - ACME",
      category: "transactional",
      senderId: header,
      dltTemplateId: "1107000000000001",
    })
    .returning({ id: smsTemplates.id, name: smsTemplates.name });
  return { accountId: account.id, templateId: t.id, name: t.name };
}

const smppBody = (over: Record<string, unknown> = {}) => ({
  name: "Acme SMPP",
  sender_ids: ["ACMESM"],
  host: "127.0.0.1",
  port: smsc.port,
  system_id: SMSC_USER.systemId,
  password: SMSC_USER.password,
  dlt_entity_id: "1201159100000012345",
  ...over,
});
const httpBody = (over: Record<string, unknown> = {}) => ({
  name: "Acme HTTP",
  sender_ids: ["ACMEHT"],
  url: provider.url,
  auth_header: "Authorization",
  auth_prefix: "Bearer ",
  api_key: HTTP_KEY,
  body_template:
    '{"to": "{{to_digits}}", "sender": "{{from}}", "message": "{{text}}", "pe_id": "{{entity_id}}", "ref": "{{id}}"}',
  message_id_path: "data.message_id",
  dlr_id_path: "message_id",
  dlr_status_path: "status",
  dlr_code_path: "error_code",
  dlr_delivered: "DELIVERED",
  dlr_failed: "UNDELIVERED",
  dlt_entity_id: "1201159100000012345",
  ...over,
});

beforeAll(async () => {
  database = await freshDatabase();
  smsc = await startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 20 } });
  provider = await startSmsHttpStandIn(callback);
  server = await cloudServer(database, { jobIntervalMs: 60_000 });
  const manager = await server.id("manager");
  await setBalance(db(), manager, "100000.00");
  await smsAccount(manager, "ACMESM");
  await smsAccount(manager, "ACMEHT");
  await smsAccount(await server.id("user"), "UDAYSM");
});
afterAll(async () => {
  await server?.close();
  await smsc?.close();
  await provider?.close();
  await database?.close();
});

describe("with private addresses not allowed (CARRIER_ALLOW_PRIVATE off)", () => {
  it("is the default; CARRIER_ALLOW_PRIVATE=true allows them, and a value that is not a flag stops the server", () => {
    expect(configFromEnv({}).carrierAllowPrivate).toBe(false);
    expect(configFromEnv({ CARRIER_ALLOW_PRIVATE: "true" }).carrierAllowPrivate).toBe(true);
    expect(() => configFromEnv({ CARRIER_ALLOW_PRIVATE: "yes" })).toThrow(
      'CARRIER_ALLOW_PRIVATE must be true or false, got "yes"',
    );
  });

  it("refuses an SMSC or HTTP provider on this machine with 400 on the field, connects nothing and stores nothing", async () => {
    // A listener that counts connections: a refused address must not even be connected to.
    let connections = 0;
    const listener = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as AddressInfo).port;
    const strict = await startPeer({ database }, { carrierAllowPrivate: false });
    try {
      const { login } = demoSessions(strict);
      const bearer = { authorization: `Bearer ${(await login("manager")).token}` };
      const post = (url: string, payload: Record<string, unknown>) =>
        strict.inject({ method: "POST", url, headers: bearer, payload });
      const before = await counts();
      const [binds, received] = [smsc.transmitterBinds, provider.received.length];
      for (const [host, shown] of [
        ["127.0.0.1", "127.0.0.1"],
        ["localhost", "localhost is "],
        ["127.1", "127.1 is 127.0.0.1"],
        ["10.0.0.5", "10.0.0.5"],
        ["169.254.169.254", "169.254.169.254"],
      ]) {
        const res = await post(
          "/api/v1/channels/smpp",
          smppBody({ host, port: host === "127.0.0.1" ? smsc.port : port }),
        );
        expect([res.statusCode, res.json().errors], host).toEqual([
          400,
          [{ field: "host", message: expect.stringContaining(PRIVATE_ADDRESS) }],
        ]);
        expect(res.json().message).toContain(
          `an SMS provider must have a public address unless the server's operator allows private ones (${shown}`,
        );
      }
      for (const url of [
        provider.url,
        `http://[::ffff:127.0.0.1]:${port}/send`,
        `http://[::1]:${port}/send`,
        `http://localhost:${port}/send`,
        "http://169.254.169.254/latest/meta-data",
      ]) {
        const res = await post("/api/v1/channels/sms-http", httpBody({ url }));
        expect([res.statusCode, res.json().errors], url).toEqual([
          400,
          [{ field: "url", message: expect.stringContaining(PRIVATE_ADDRESS) }],
        ]);
      }
      expect(await counts()).toEqual(before);
      expect([connections, smsc.transmitterBinds, provider.received.length]).toEqual([0, binds, received]);
    } finally {
      await strict.close();
      listener.close();
    }
  });
});

describe("connecting SMPP", () => {
  it("refuses what cannot work and stores nothing: a wrong password, no SMSC there, a header not yours, a broken field", async () => {
    const before = await counts();
    const post = (payload: unknown, as: "manager" | "user" = "manager") =>
      server.call({ method: "POST", url: "/api/v1/channels/smpp", as, payload: payload as Record<string, unknown> });
    const wrong = await post(smppBody({ password: "nope1234" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "The SMSC refused the bind (ESME_RINVPASWD). Check the system id and password.",
      errors: [{ field: "password" }],
    });
    const closed = await post(smppBody({ port: 1 }));
    expect(closed.statusCode).toBe(502);
    expect(closed.json().message).toContain("could not be reached");
    const notYours = await post(smppBody({ sender_ids: ["UDAYSM"] }));
    expect(notYours.statusCode).toBe(400);
    expect(notYours.json()).toMatchObject({
      message: expect.stringContaining("UDAYSM is not a sender id of your SMS accounts"),
      errors: [{ field: "sender_ids" }],
    });
    expect((await post(smppBody({ port: 70000 }))).statusCode).toBe(400);
    expect((await post(smppBody({ dlt_entity_id_tag: "0x0010" }))).json()).toMatchObject({
      errors: [{ field: "dlt_entity_id_tag" }],
    });
    expect((await post(smppBody({ sender_ids: [] }))).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("connects after a bind and an unbind; the password is sealed and never answered; the header is claimed once", async () => {
    const binds = smsc.transmitterBinds;
    const unbinds = smsc.unbinds;
    const res = await server.call({
      method: "POST",
      url: "/api/v1/channels/smpp",
      as: "manager",
      payload: smppBody({ sender_ids: ["acmesm"] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    smpp = res.json().data;
    expect(smsc.transmitterBinds).toBe(binds + 1);
    await until(
      async () => smsc.unbinds,
      (n) => n === unbinds + 1,
      2_000,
    );
    expect(smpp).toMatchObject({
      provider: "smpp",
      channel: "sms",
      status: "connected",
      messagesPerSecond: 100,
      sms: {
        senderIds: ["ACMESM"],
        dltEntityId: "1201159100000012345",
        smpp: {
          host: "127.0.0.1",
          port: smsc.port,
          systemId: SMSC_USER.systemId,
          systemType: null,
          dltEntityIdTag: "0x1400",
        },
        http: null,
      },
      credentials: [{ field: "password", label: "Password", set: true, last4: "" }],
    });
    const list = await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "manager" });
    expect(list.body).not.toContain(SMSC_USER.password);
    const [row] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, smpp._id));
    expect(row.credentials).not.toContain(SMSC_USER.password);
    expect(openCredentials(credentialsKeyFromEnv({}).key, row.id, row.credentials)).toEqual({
      password: SMSC_USER.password,
    });
    const again = await server.call({
      method: "POST",
      url: "/api/v1/channels/smpp",
      as: "manager",
      payload: smppBody({ name: "Again" }),
    });
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      "ACMESM is already sent through Acme SMPP: disconnect that first",
    ]);
    // Another account may not register the claimed header on its own SMS account.
    const [uday] = await db().select().from(smsAccounts).where(eq(smsAccounts.name, "Route UDAYSM"));
    const steal = await server.call({
      method: "PUT",
      url: `/api/sms/accounts/${uday.id}`,
      as: "user",
      payload: { dltEntityId: "1201159100000099999", senderIds: ["UDAYSM", "ACMESM"] },
    });
    expect(steal.statusCode, steal.body).toBe(409);
    expect((await db().select().from(smsAccounts).where(eq(smsAccounts.id, uday.id)))[0].senderIds).toEqual(["UDAYSM"]);
  });

  it("belongs to its account: others get 404, a department head 403", async () => {
    expect(
      (await server.call({ method: "GET", url: "/api/v1/channels/carrier-channels", as: "user" })).json().data.channels,
    ).toEqual([]);
    for (const [method, url] of [
      ["POST", `/api/v1/channels/carrier-channels/${smpp._id}/test`],
      ["DELETE", `/api/v1/channels/carrier-channels/${smpp._id}`],
    ] as const) {
      expect((await server.call({ method, url, as: "user" })).statusCode).toBe(404);
    }
    expect(
      (await server.call({ method: "POST", url: "/api/v1/channels/smpp", as: "depthead", payload: smppBody() }))
        .statusCode,
    ).toBe(403);
  });

  it("test connection uses the channel's bind (enquire_link) and records the success; an edit of WhatsApp fields changes nothing", async () => {
    const res = await server.call({
      method: "POST",
      url: `/api/v1/channels/carrier-channels/${smpp._id}/test`,
      as: "manager",
    });
    expect(res.json().data).toMatchObject({
      ok: true,
      code: null,
      message: `Connected: SMSC 127.0.0.1:${smsc.port} as ${SMSC_USER.systemId}`,
      channel: { health: { lastSuccessAt: expect.any(String) } },
    });
    const [before] = await db().select().from(carrierChannels).where(eq(carrierChannels.id, smpp._id));
    const edit = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${smpp._id}`,
      as: "manager",
      payload: { access_token: "EAAJB-a-token-for-another-provider" },
    });
    expect(edit.statusCode).toBe(400);
    expect((await db().select().from(carrierChannels).where(eq(carrierChannels.id, smpp._id)))[0]).toEqual(before);
    const rename = await server.call({
      method: "PUT",
      url: `/api/v1/channels/carrier-channels/${smpp._id}`,
      as: "manager",
      payload: { name: "Acme SMSC" },
    });
    expect(rename.json().data).toMatchObject({ name: "Acme SMSC", sms: { senderIds: ["ACMESM"] } });
  });
});

describe("a campaign through SMPP", () => {
  it("goes out through the SMSC once per recipient with the DLT entity id; receipts over the bind settle each recipient", async () => {
    const manager = await server.id("manager");
    const [account] = await db().select().from(smsAccounts).where(eq(smsAccounts.name, "Route ACMESM"));
    const [template] = await db().select().from(smsTemplates).where(eq(smsTemplates.smsAccountId, account.id));
    smsc.behaviour.undeliverable.add("919876530004");
    const numbers = ["+919876530001", "+919876530002", "+919876530003", "+919876530004"];
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "sms",
      templateId: template.id,
      templateName: template.name,
      sender: "ACMESM",
      smsAccountId: account.id,
      numbers,
      holdPaise: 10_000,
      rowVariables: (n) => ["Asha", String(1000 + n)],
    });
    await until(
      async () => (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0],
      (c) => c.status === "completed",
      20_000,
    );
    const rows = await until(
      async () =>
        db()
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, id))
          .orderBy(campaignRecipients.number),
      (r) => r.every((x) => x.state === "delivered" || x.state === "failed"),
    );
    expect(rows.map((r) => r.state)).toEqual(["delivered", "delivered", "delivered", "failed"]);
    expect(rows[3]).toMatchObject({ code: "UNDELIV" });
    const submitted = smsc.submitted.filter((s) => numbers.includes(`+${s.to}`));
    expect(submitted.map((s) => s.to).sort()).toEqual(numbers.map((n) => n.slice(1)));
    expect(submitted[0]).toMatchObject({
      from: "ACMESM",
      text: expect.stringMatching(/^Dear Asha, your code is 10\d\d\. - ACME$/),
      tlvs: { [String(0x1400)]: "1201159100000012345" },
    });
    expect(rows.map((r) => r.providerMessageId).sort()).toEqual(submitted.map((s) => s.id).sort());
    // Headers no channel claims stay on the sandbox, beside it.
    expect(await server.app.carrier.servesByDefault("sms", "ACMESM")).toBe(false);
    expect(await server.app.carrier.servesByDefault("sms", "UDAYSM")).toBe(true);
  });
});

describe("a server starting", () => {
  it("binds its connected SMPP channels when it starts (an SMSC hands stored receipts only to a bound transceiver), without waiting for a send", async () => {
    const binds = smsc.binds;
    const peer = await startPeer({ database });
    try {
      await peer.ready();
      expect(
        await until(
          async () => smsc.binds,
          (n) => n > binds,
          5_000,
        ),
      ).toBe(binds + 1);
    } finally {
      await peer.close();
    }
  });
});

describe("connecting an HTTP provider", () => {
  it("refuses a body template that is not a JSON object with the message and recipient, and a key the provider refuses", async () => {
    const before = await counts();
    const post = (payload: unknown) =>
      server.call({
        method: "POST",
        url: "/api/v1/channels/sms-http",
        as: "manager",
        payload: payload as Record<string, unknown>,
      });
    expect((await post(httpBody({ body_template: "{not json" }))).json()).toMatchObject({
      errors: [{ field: "body_template", message: "must be valid JSON" }],
    });
    expect((await post(httpBody({ body_template: '{"to": "{{to}}"}' }))).json()).toMatchObject({
      errors: [{ field: "body_template" }],
    });
    expect((await post(httpBody({ url: "http://[not-an-address/send" }))).json()).toMatchObject({
      errors: [{ field: "url", message: "must be a valid http(s) URL" }],
    });
    const wrong = await post(httpBody({ api_key: "not-the-key-123" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: "The provider refused the API key (401)",
      errors: [{ field: "api_key" }],
    });
    expect(await counts()).toEqual(before);
  });

  it("connects; a campaign posts the template filled in, and the provider's delivery reports arrive at the DLR URL with its token", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/v1/channels/sms-http",
      as: "manager",
      payload: httpBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    http = res.json().data;
    expect(http).toMatchObject({
      provider: "sms_http",
      sms: {
        senderIds: ["ACMEHT"],
        smpp: null,
        http: {
          url: provider.url,
          authHeader: "Authorization",
          dlr: { delivered: ["DELIVERED"], failed: ["UNDELIVERED"] },
        },
      },
    });
    expect(http.credentials).toEqual([{ field: "api_key", label: "API key", set: true, last4: HTTP_KEY.slice(-4) }]);
    expect(http.webhook.url).toBe(
      `${server.origin}/api/carrier-webhooks/${http._id}?token=${http.webhook.verifyToken}`,
    );
    expect(JSON.stringify(http)).not.toContain(HTTP_KEY);
    callback.callbackUrl = http.webhook.url;

    const manager = await server.id("manager");
    const [account] = await db().select().from(smsAccounts).where(eq(smsAccounts.name, "Route ACMEHT"));
    const [template] = await db().select().from(smsTemplates).where(eq(smsTemplates.smsAccountId, account.id));
    provider.behaviour.undeliverable.add("919876540002");
    const numbers = ["+919876540001", "+919876540002"];
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "sms",
      templateId: template.id,
      templateName: template.name,
      sender: "ACMEHT",
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
    expect(rows.map((r) => [r.state, r.code])).toEqual([
      ["delivered", null],
      ["failed", "DND"],
    ]);
    const posted = provider.received.filter((r) => ["919876540001", "919876540002"].includes(String(r.body.to)));
    expect(posted).toHaveLength(2);
    expect(posted[0].body).toMatchObject({
      sender: "ACMEHT",
      message: "Dear Ravi, your code is 77. - ACME",
      pe_id: "1201159100000012345",
    });
    // A report without the channel's token is refused and changes nothing.
    const forged = await fetch(`${server.origin}/api/carrier-webhooks/${http._id}?token=guess`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message_id: posted[1].id, status: "DELIVERED" }),
    });
    expect(forged.status).toBe(403);
    expect(
      (await db().select().from(campaignRecipients).where(eq(campaignRecipients.providerMessageId, posted[1].id)))[0]
        .state,
    ).toBe("failed");
  });
});

describe("editing an SMS provider", () => {
  /** The row without the throughput the health writer records on its own (a flush may land at any moment). */
  const rowOf = async (id: string) => {
    // The health figures move on their own: a delivery report of an earlier test can land while this one runs.
    const [{ measuredAt: _at, sentLastMinute: _n, lastSuccessAt: _ok, ...row }] = await db()
      .select()
      .from(carrierChannels)
      .where(eq(carrierChannels.id, id));
    return row;
  };
  const claims = async (id: string) =>
    (
      await db()
        .select({ sender: carrierSmsSenders.sender })
        .from(carrierSmsSenders)
        .where(eq(carrierSmsSenders.channelId, id))
    )
      .map((r) => r.sender)
      .sort();
  const put = (
    kind: "smpp" | "sms-http",
    id: string,
    payload: Record<string, unknown>,
    as: "manager" | "user" = "manager",
  ) => server.call({ method: "PUT", url: `/api/v1/channels/${kind}/${id}`, as, payload });
  /** The connect body without its secret: what the edit drawer sends when the secret is left empty. */
  const smppEdit = (over: Record<string, unknown> = {}) => {
    const { password: _p, ...rest } = smppBody({ name: "Acme SMSC" });
    return { ...rest, ...over };
  };
  const httpEdit = (over: Record<string, unknown> = {}) => {
    const { api_key: _k, ...rest } = httpBody();
    return { ...rest, ...over };
  };

  it("checks SMPP settings with a bind first: a wrong password, a closed port or a header not yours change nothing", async () => {
    const before = [await rowOf(smpp._id), await claims(smpp._id)];
    const wrong = await put("smpp", smpp._id, smppEdit({ password: "nope1234" }));
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, [expect.objectContaining({ field: "password" })]]);
    expect((await put("smpp", smpp._id, smppEdit({ port: 1 }))).statusCode).toBe(502);
    expect((await put("smpp", smpp._id, smppEdit({ sender_ids: ["ACMESM", "UDAYSM"] }))).json()).toMatchObject({
      errors: [{ field: "sender_ids" }],
    });
    // Another connection's header is not this one's to take.
    expect((await put("smpp", smpp._id, smppEdit({ sender_ids: ["ACMESM", "ACMEHT"] }))).statusCode).toBe(409);
    expect((await put("smpp", smpp._id, smppEdit({ dlt_entity_id_tag: "0x0010" }))).json()).toMatchObject({
      errors: [{ field: "dlt_entity_id_tag" }],
    });
    expect([await rowOf(smpp._id), await claims(smpp._id)]).toEqual(before);
  });

  it("is the owner's: another manager's channel id is 404 on both edit calls, and so is an HTTP channel on the SMPP call", async () => {
    const before = [await rowOf(smpp._id), await rowOf(http._id)];
    expect((await put("smpp", smpp._id, smppEdit(), "user")).statusCode).toBe(404);
    expect((await put("sms-http", http._id, httpEdit(), "user")).statusCode).toBe(404);
    expect((await put("smpp", http._id, smppEdit())).statusCode).toBe(404);
    expect([await rowOf(smpp._id), await rowOf(http._id)]).toEqual(before);
  });

  it("saves SMPP settings and a new header with the stored password kept, and binds again with them", async () => {
    await smsAccount(await server.id("manager"), "ACMESX");
    const binds = smsc.binds;
    const res = await put(
      "smpp",
      smpp._id,
      smppEdit({
        sender_ids: ["ACMESM", "ACMESX"],
        system_type: "cmt",
        messages_per_second: 50,
        dlt_entity_id_tag: "0x1401",
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Acme SMSC",
      status: "connected",
      messagesPerSecond: 50,
      sms: { senderIds: ["ACMESM", "ACMESX"], smpp: { systemType: "cmt", dltEntityIdTag: "0x1401" } },
      credentials: [{ field: "password", set: true }],
    });
    const row = await rowOf(smpp._id);
    expect(openCredentials(credentialsKeyFromEnv({}).key, row.id, row.credentials)).toEqual({
      password: SMSC_USER.password,
    });
    expect(await claims(smpp._id)).toEqual(["ACMESM", "ACMESX"]);
    expect(await server.app.carrier.servesByDefault("sms", "ACMESX")).toBe(false);
    // The channel's bind is made again with the new settings (the old one is closed).
    await until(
      async () => smsc.binds,
      (n) => n > binds,
      5_000,
    );
  });

  it("does not take a header off the provider while a campaign still sends from it", async () => {
    const manager = await server.id("manager");
    const [account] = await db().select().from(smsAccounts).where(eq(smsAccounts.name, "Route ACMESX"));
    const [template] = await db().select().from(smsTemplates).where(eq(smsTemplates.smsAccountId, account.id));
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "sms",
      templateId: template.id,
      templateName: template.name,
      sender: "ACMESX",
      smsAccountId: account.id,
      numbers: ["+919876560001"],
      holdPaise: 1_000,
      status: "paused",
    });
    const before = await rowOf(smpp._id);
    const busy = await put("smpp", smpp._id, smppEdit({ sender_ids: ["ACMESM"] }));
    expect([busy.statusCode, busy.json().message]).toEqual([
      409,
      `The campaign "${(await db().select().from(campaigns).where(eq(campaigns.id, id)))[0].name}" sends from ACMESX: finish or discard it before taking it off this provider`,
    ]);
    expect([await rowOf(smpp._id), await claims(smpp._id)]).toEqual([before, ["ACMESM", "ACMESX"]]);
    await db().update(campaigns).set({ status: "discarded" }).where(eq(campaigns.id, id));
    expect((await put("smpp", smpp._id, smppEdit({ sender_ids: ["ACMESM"] }))).statusCode).toBe(200);
    expect(await claims(smpp._id)).toEqual(["ACMESM"]);
    expect(await server.app.carrier.servesByDefault("sms", "ACMESX")).toBe(true);
  });

  it("checks an HTTP provider's new key and template first; saves them, or only the settings with the key kept", async () => {
    const before = await rowOf(http._id);
    const wrong = await put("sms-http", http._id, httpEdit({ api_key: "not-the-key-123" }));
    expect([wrong.statusCode, wrong.json().errors]).toEqual([400, [expect.objectContaining({ field: "api_key" })]]);
    expect((await put("sms-http", http._id, httpEdit({ body_template: '{"to": "{{to}}"}' }))).json()).toMatchObject({
      errors: [{ field: "body_template" }],
    });
    expect(await rowOf(http._id)).toEqual(before);
    const res = await put(
      "sms-http",
      http._id,
      httpEdit({
        name: "Acme HTTP route",
        dlr_delivered: "DELIVERED, DELIVRD",
        body_template: '{"to": "{{to_digits}}", "sender": "{{from}}", "message": "{{text}}", "tag": "edited"}',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: "Acme HTTP route",
      sms: { http: { dlr: { delivered: expect.arrayContaining(["DELIVERED", "DELIVRD"]) } } },
      credentials: [{ field: "api_key", last4: HTTP_KEY.slice(-4) }],
    });
    expect(JSON.parse(res.json().data.sms.http.bodyTemplate)).toMatchObject({ tag: "edited" });
    const row = await rowOf(http._id);
    expect(openCredentials(credentialsKeyFromEnv({}).key, row.id, row.credentials)).toEqual({ apiKey: HTTP_KEY });
    expect(row.version).toBe(before.version + 1);
  });
});

describe("disconnecting", () => {
  it("is refused while a campaign still sends from its headers, then unbinds and frees them for the sandbox", async () => {
    const manager = await server.id("manager");
    const [account] = await db().select().from(smsAccounts).where(eq(smsAccounts.name, "Route ACMESM"));
    const [template] = await db().select().from(smsTemplates).where(eq(smsTemplates.smsAccountId, account.id));
    const id = await insertCampaign(db(), {
      userId: manager,
      channel: "sms",
      templateId: template.id,
      templateName: template.name,
      sender: "ACMESM",
      smsAccountId: account.id,
      numbers: ["+919876550001"],
      holdPaise: 1_000,
      status: "ready",
    });
    const busy = await server.call({
      method: "DELETE",
      url: `/api/v1/channels/carrier-channels/${smpp._id}`,
      as: "manager",
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain("sends from these sender ids");
    expect(await counts()).toMatchObject({ senders: 2 });
    await db().update(campaigns).set({ status: "discarded" }).where(eq(campaigns.id, id));
    const unbinds = smsc.unbinds;
    const res = await server.call({
      method: "DELETE",
      url: `/api/v1/channels/carrier-channels/${smpp._id}`,
      as: "manager",
    });
    expect([res.statusCode, res.json().message]).toEqual([200, "Removed Acme SMSC"]);
    // The channel's bind is closed with it (an unbind), not left open taking receipts.
    expect(smsc.unbinds).toBe(unbinds + 1);
    expect(await db().select().from(carrierSmsSenders).where(eq(carrierSmsSenders.sender, "ACMESM"))).toEqual([]);
    expect(await server.app.carrier.servesByDefault("sms", "ACMESM")).toBe(true);
  });
});
