// A real server listening on a port (so the stand-in's webhooks reach it) with WHATSAPP_GRAPH_URL pointing at a
// WhatsApp Cloud API stand-in, the sandbox as the default carrier (SMS failover, other channels) and a fast dispatcher.
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { CarrierChannelRecord } from "../../contract/calls";
import { buildApp } from "../app";
import { webhookConfigFromEnv } from "../config";
import { createSandboxCarrier } from "../carriers/sandbox";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import { rbmConfigFromEnv, type RbmConfig } from "../carriers/rcs/config";
import { whatsappCloudConfigFromEnv } from "../carriers/whatsapp-cloud/config";
import {
  DEFAULT_APP,
  DEFAULT_TOKEN,
  defaultWaba,
  DOC_PHONE_NUMBER_ID,
  DOC_WABA_ID,
  standInWaba,
  startWhatsAppStandIn,
  type StandInOptions,
  type WhatsAppStandIn,
} from "../carriers/whatsapp-cloud/stand-in";
import type { Database } from "../db/client";
import type { DispatchOverrides } from "../services/campaigns/dispatch-settings";
import { FAST_MESSAGES } from "./campaign-fixtures";
import { DEMO_PASSWORD, demoSessions, type DemoName } from "./harness";

/** A second and a third WABA at the stand-in, each with a number and a token of its own. */
export const OTHER_WABA = {
  id: "102290129340399",
  phone: "106540352242923",
  display: "+1 555-078-3882",
  token: "EAAJB-stand-in-token-other-0003",
};
export const SIGNUP_WABA = { id: "102290129340400", phone: "106540352242924", display: "+1 555-078-3883" };

export const CLOUD_CONNECT = {
  name: "Jaspers Market",
  waba_id: DOC_WABA_ID,
  phone_number_id: DOC_PHONE_NUMBER_ID,
  access_token: DEFAULT_TOKEN,
  app_secret: DEFAULT_APP.secret,
  app_id: DEFAULT_APP.id,
};

export interface CloudServer {
  app: FastifyInstance;
  standIn: WhatsAppStandIn;
  origin: string;
  call(options: InjectOptions & { as?: DemoName }): Promise<LightMyRequestResponse>;
  id(name: DemoName): Promise<string>;
  /** Connects the documentation's WABA for `as` by hand and points the stand-in's app webhook at the channel. */
  connect(as?: DemoName, body?: Partial<typeof CLOUD_CONNECT>): Promise<CarrierChannelRecord>;
  close(): Promise<void>;
}

/**
 * A free port, held until `release()`: the server is built with its URL in its config (seconds on a loaded machine)
 * and listens just after the release, so another file's server cannot take the port in between (EADDRINUSE seen).
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  return { port, release: () => new Promise<void>((resolve) => probe.close(() => resolve())) };
}

export async function cloudServer(
  database: Database,
  options: {
    standIn?: StandInOptions;
    dispatch?: DispatchOverrides;
    jobIntervalMs?: number;
    rbm?: Partial<RbmConfig>;
  } = {},
): Promise<CloudServer> {
  const standIn = await startWhatsAppStandIn({
    wabas: [
      defaultWaba(),
      standInWaba(OTHER_WABA.id, OTHER_WABA.phone, OTHER_WABA.display),
      standInWaba(SIGNUP_WABA.id, SIGNUP_WABA.phone, SIGNUP_WABA.display),
    ],
    tokens: { [DEFAULT_TOKEN]: [DOC_WABA_ID], [OTHER_WABA.token]: [OTHER_WABA.id] },
    ...options.standIn,
    behaviour: { delays: { sentMs: 5, deliveredMs: 10, readMs: 10 }, reviewMs: 30, ...options.standIn?.behaviour },
  });
  const { port, release } = await reservePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    database,
    logger: false,
    carrier: createSandboxCarrier(testSandboxConfig("cloud", FAST_MESSAGES)),
    dispatch: { idleMs: 20, eventsFlushMs: 20, ...options.dispatch },
    config: {
      port,
      publicUrl: origin,
      dataDir: mkdtempSync(join(tmpdir(), "wacloud-")),
      demoPassword: DEMO_PASSWORD,
      webRoot: "./.no-web-root",
      jwtSecret: "test-secret",
      jobIntervalMs: options.jobIntervalMs ?? 50,
      // The SMS providers' stand-ins listen on 127.0.0.1 (CARRIER_ALLOW_PRIVATE); the guard's test is a peer with it
      // off.
      carrierAllowPrivate: true,
      // Webhook receivers in these tests listen on 127.0.0.1 too (WEBHOOK_ALLOW_PRIVATE, off by default).
      webhooks: { ...webhookConfigFromEnv({}), allowPrivate: true },
      whatsappCloud: {
        ...whatsappCloudConfigFromEnv({}),
        graphUrl: standIn.url,
        timeoutMs: 5000,
        embeddedSignup: { appId: DEFAULT_APP.id, appSecret: DEFAULT_APP.secret },
      },
      rbm: { ...rbmConfigFromEnv({}), ...options.rbm },
    },
  });
  await release();
  await app.listen({ port, host: "127.0.0.1" });
  const { login } = demoSessions(app);
  const call: CloudServer["call"] = async ({ as, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { ...headers, ...(as ? { authorization: `Bearer ${(await login(as)).token}` } : {}) },
    });
  return {
    app,
    standIn,
    origin,
    call,
    id: async (name) => (await login(name)).id,
    connect: async (as = "manager", body = {}) => {
      const res = await call({
        method: "POST",
        url: "/api/v1/channels/whatsapp-cloud",
        as,
        payload: { ...CLOUD_CONNECT, ...body },
      });
      if (res.statusCode !== 201) throw new Error(`connect failed: ${res.body}`);
      const record = res.json().data as CarrierChannelRecord;
      // What the owner does next at Meta: paste the webhook URL and verify token in the App Dashboard.
      if (!(await standIn.configureWebhook(record.webhook.url, record.webhook.verifyToken)))
        throw new Error("the stand-in could not verify the webhook");
      return record;
    },
    close: async () => {
      await app.close();
      await standIn.close();
    },
  };
}
