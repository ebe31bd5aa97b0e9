// The providers of a journey, each the stand-in written from its documentation, listening on 127.0.0.1 in the test's
// process: Meta's WhatsApp Cloud API, Google's RBM API, an SMSC (the `smpp` package's server mode) and an HTTP SMS
// provider. `connectAccount` then does, over HTTP on the server process, what an account does to send through them:
// claim its SMS headers and register their DLT templates, connect each provider as a channel (with the webhook set
// up at the provider as its owner would), and have a WhatsApp template approved.
import type { CarrierChannelRecord } from "../../../contract/calls";
import { makeServiceAccountKey, startRbmStandIn, type RbmStandIn } from "../../carriers/rcs/stand-in";
import { startSmsc, type Smsc } from "../../carriers/smpp/stand-in";
import { startSmsHttpStandIn, type SmsHttpStandIn } from "../../carriers/sms-http/stand-in";
import { DOC_WABA_ID, startWhatsAppStandIn, type WhatsAppStandIn } from "../../carriers/whatsapp-cloud/stand-in";
import { CLOUD_CONNECT } from "../whatsapp-cloud-fixtures";
import { expectData, type HttpClient } from "./http";

const SMSC_USER = { systemId: "udayjrny", password: "Jr-smsc9" };
const HTTP_KEY = "hx-live-key-journey-0001";
const RBM_AGENT = "uday-journey-bot";
const RBM_CLIENT_TOKEN = "JOURNEYCLIENTTOKEN1";
/** The account's sandbox header (seeded), and the two it claims for the SMS providers. */
export const HEADERS = { sandbox: "UDAYAL", smpp: "UDAYSM", http: "UDAYHT" } as const;

export interface Carriers {
  whatsapp: WhatsAppStandIn;
  google: RbmStandIn;
  smsc: Smsc;
  sms: SmsHttpStandIn;
  /** Where the server process finds the providers whose address is configuration, not a channel's setting. */
  env: Record<string, string>;
  /** The RBM agent's service-account key file, as the account pastes it. */
  rbmKey: string;
  /** The HTTP provider reads its report URL here at each report: the channel's, once it exists. */
  smsCallback: { apiKey: string; callbackUrl: string };
  close(): Promise<void>;
}

export async function startCarriers(options: { notOnWhatsApp: string[] }): Promise<Carriers> {
  const key = makeServiceAccountKey();
  const [whatsapp, google, smsc] = await Promise.all([
    startWhatsAppStandIn({
      behaviour: {
        notOnWhatsApp: options.notOnWhatsApp,
        delays: { sentMs: 10, deliveredMs: 20, readMs: 20 },
        reviewMs: 50,
      },
    }),
    startRbmStandIn({ key, agentId: RBM_AGENT, clientToken: RBM_CLIENT_TOKEN }),
    startSmsc({ users: [SMSC_USER], behaviour: { receiptDelayMs: 30 } }),
  ]);
  const smsCallback = { apiKey: HTTP_KEY, callbackUrl: "" };
  const sms = await startSmsHttpStandIn(smsCallback);
  google.behaviour.autoDeliver = true;
  return {
    whatsapp,
    google,
    smsc,
    sms,
    smsCallback,
    rbmKey: key.json,
    env: { WHATSAPP_GRAPH_URL: whatsapp.url, RBM_API_URL: google.url, RBM_TOKEN_URL: google.tokenUrl },
    close: async () => {
      await Promise.all([whatsapp.close(), google.close(), smsc.close(), sms.close()]);
    },
  };
}

/** What an account's API messages name: a template id per route, and its RCS bot. */
export interface Account {
  templates: { sandbox: string; smpp: string; http: string; whatsapp: string };
  bot: string;
}

export async function connectAccount(
  http: HttpClient,
  token: string,
  carriers: Carriers,
  apiKey: string,
): Promise<Account> {
  const call = <T>(method: string, path: string, body?: unknown) => http.call<T>(method, path, token, body);
  // SMS: the account's DLT registration gets the two headers the providers will send, each with a template.
  const [account] = expectData(
    await call<{ id: string; dltEntityId: string; senderIds: string[] }[]>("GET", "/api/sms/accounts"),
    200,
    "SMS accounts",
  );
  expectData(
    await call("PUT", `/api/sms/accounts/${account.id}`, {
      dltEntityId: account.dltEntityId,
      senderIds: [HEADERS.sandbox, HEADERS.smpp, HEADERS.http],
    }),
    200,
    "SMS headers",
  );
  const smsTemplate = async (header: string, n: number) =>
    expectData(
      await call<{ id: string }>("POST", "/api/sms/templates", {
        smsAccountId: account.id,
        name: `Journey ${header}`,
        body: "Dear {#var#}, your order {#var#} is on its way. - Uday",
        category: "transactional",
        senderId: header,
        dltTemplateId: `110716000000009${n}`,
      }),
      201,
      `SMS template ${header}`,
    ).id;
  const templates = {
    sandbox: await smsTemplate(HEADERS.sandbox, 1),
    smpp: await smsTemplate(HEADERS.smpp, 2),
    http: await smsTemplate(HEADERS.http, 3),
  };

  expectData(
    await call<CarrierChannelRecord>("POST", "/api/v1/channels/smpp", {
      name: "Journey SMSC",
      sender_ids: [HEADERS.smpp],
      host: "127.0.0.1",
      port: carriers.smsc.port,
      system_id: SMSC_USER.systemId,
      password: SMSC_USER.password,
      dlt_entity_id: account.dltEntityId,
    }),
    201,
    "SMPP channel",
  );
  const httpChannel = expectData(
    await call<CarrierChannelRecord>("POST", "/api/v1/channels/sms-http", {
      name: "Journey HTTP SMS",
      sender_ids: [HEADERS.http],
      url: carriers.sms.url,
      auth_header: "Authorization",
      auth_prefix: "Bearer ",
      api_key: HTTP_KEY,
      body_template:
        '{"to": "{{to_digits}}", "sender": "{{from}}", "message": "{{text}}", "pe_id": "{{entity_id}}", "template_id": "{{dlt_template_id}}"}',
      message_id_path: "data.message_id",
      dlr_id_path: "message_id",
      dlr_status_path: "status",
      dlr_code_path: "error_code",
      dlr_delivered: "DELIVERED",
      dlr_failed: "UNDELIVERED, EXPIRED, REJECTED",
      dlt_entity_id: account.dltEntityId,
    }),
    201,
    "HTTP SMS channel",
  );
  carriers.smsCallback.callbackUrl = httpChannel.webhook.url;

  // WhatsApp Cloud API: the number connected by hand, then Meta's webhook pointed at the channel (App Dashboard).
  const wa = expectData(
    await call<CarrierChannelRecord>("POST", "/api/v1/channels/whatsapp-cloud", CLOUD_CONNECT),
    201,
    "WhatsApp channel",
  );
  if (!(await carriers.whatsapp.configureWebhook(wa.webhook.url, wa.webhook.verifyToken)))
    throw new Error("Meta's stand-in could not verify the channel's webhook");
  const name = "journey_order_update";
  expectData(
    await http.form("/api/waba/create-template", token, {
      waba_id: DOC_WABA_ID,
      name,
      language: "en_US",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Hi {{1}}, your order is on its way.", example: { body_text: [["Asha"]] } }],
    }),
    201,
    "WhatsApp template",
  );

  // RBM: the account's bot connected with its agent's key; Google checks the webhook with the client token.
  const [bot] = expectData(await call<{ _id: string }[]>("GET", "/api/v1/bots/botIds"), 200, "RCS bots");
  const rbm = expectData(
    await call<CarrierChannelRecord>("POST", "/api/v1/channels/rcs-google", {
      name: "Journey RBM",
      bot_id: bot._id,
      agent_id: `${RBM_AGENT}@rbm.goog`,
      service_account_key: carriers.rbmKey,
      client_token: RBM_CLIENT_TOKEN,
    }),
    201,
    "RBM channel",
  );
  carriers.google.webhookUrl = rbm.webhook.url;
  const handshake = await carriers.google.handshake(RBM_CLIENT_TOKEN, "4711");
  if (handshake.status !== 200) throw new Error(`RBM webhook handshake: ${handshake.status} ${handshake.body}`);

  // The template is sendable once Meta's verdict came back (its webhook): the public API lists it then.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const listed = expectData(
      await http.api<{ id: string; name: string }[]>("GET", "/api/public/v1/templates?channel=whatsapp", apiKey),
      200,
      "public templates",
    );
    const approved = listed.find((t) => t.name === name);
    if (approved) return { templates: { ...templates, whatsapp: approved.id }, bot: bot._id };
    if (Date.now() > deadline) throw new Error("the WhatsApp template was not approved");
    await new Promise((r) => setTimeout(r, 100));
  }
}
