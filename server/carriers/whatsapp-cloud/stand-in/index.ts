// A local stand-in for Meta's WhatsApp Cloud API, for tests, the e2e run and the bench: `startWhatsAppStandIn()`
// listens on a port (WHATSAPP_GRAPH_URL points the server at it) and speaks the documented contract: sends with their
// errors and limits, templates with their review, uploads, Embedded Signup's calls, and signed webhooks back.
// What a real Meta does on its own (a customer writing, a template paused) the test asks for here.
import type { FastifyInstance } from "fastify";
import { DOC_CUSTOMER_NAME, type DocErrorCode } from "./fixtures";
import { announceTemplate, buildStandInServer, type StandInRuntime } from "./server";
import {
  DEFAULT_APP,
  DEFAULT_TOKEN,
  defaultWaba,
  StandInState,
  type StandInBehaviour,
  type StandInTemplate,
  type StandInWaba,
} from "./state";
import { createWebhookSender, type WebhookDelivery } from "./webhook-sender";

export { DEFAULT_APP, DEFAULT_TOKEN, defaultWaba, standInWaba } from "./state";
export * from "./fixtures";
export type { WebhookDelivery } from "./webhook-sender";

export interface StandInOptions {
  port?: number;
  host?: string;
  app?: { id: string; secret: string };
  wabas?: StandInWaba[];
  /** System-user tokens → the WABAs they may use; default DEFAULT_TOKEN for the documentation's WABA. */
  tokens?: Record<string, string[]>;
  behaviour?: Partial<Omit<StandInBehaviour, "notOnWhatsApp" | "stoppedMarketing">> & {
    notOnWhatsApp?: Iterable<string>;
    stoppedMarketing?: Iterable<string>;
  };
}

export interface WhatsAppStandIn {
  /** Base URL to give as WHATSAPP_GRAPH_URL. */
  url: string;
  state: StandInState;
  /** Every webhook delivery made, in order. */
  deliveries: readonly WebhookDelivery[];
  /** The app's callback, as set in the App Dashboard: Meta verifies it first (false when the handshake fails). */
  configureWebhook(url: string, verifyToken: string): Promise<boolean>;
  /** A customer writes to a business number: an inbound message webhook (and the 24-hour window opens). */
  customerWrites(message: {
    from: string;
    phoneNumberId: string;
    text: string;
    name?: string;
  }): Promise<WebhookDelivery | undefined>;
  /**
   * A customer sends a file: it is kept as media (GET /{media-id} then serves it) and the webhook names its id, as
   * Meta's does ({ type: "image", image: { id, mime_type, sha256, caption } }). Answers the media id too.
   */
  customerSendsMedia(message: {
    from: string;
    phoneNumberId: string;
    kind: "image" | "video" | "audio" | "document" | "sticker";
    data: Buffer;
    mimeType: string;
    caption?: string;
    filename?: string;
  }): Promise<{ mediaId: string; delivery: WebhookDelivery | undefined }>;
  /** A customer taps a reply button of an interactive message. */
  customerTaps(message: {
    from: string;
    phoneNumberId: string;
    buttonId: string;
    title: string;
  }): Promise<WebhookDelivery | undefined>;
  /** Meta changes a template's status (PAUSED, DISABLED…), with its webhook. */
  templateEvent(
    templateId: string,
    event: StandInTemplate["status"],
    reason?: string,
    description?: string,
  ): Promise<WebhookDelivery | undefined>;
  /** Posts a payload to the WABA's callback with a given signature header (or none): tests of refusals. */
  postRaw(wabaId: string, payload: unknown, signature: string | null): Promise<WebhookDelivery | undefined>;
  /** The next sends to `to` are refused with these codes, one each. */
  script(to: string, ...codes: DocErrorCode[]): void;
  /** The token stops working (Meta answers 190). */
  revokeToken(token: string): void;
  /** An Embedded Signup code that shares `wabaId` (what Meta's popup hands the console). */
  issueSignupCode(wabaId: string): string;
  /** Resolves when every timer has fired and every webhook has been answered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const digits = (n: string) => n.replace(/\D/g, "");

export async function startWhatsAppStandIn(options: StandInOptions = {}): Promise<WhatsAppStandIn> {
  const behaviour: StandInBehaviour = {
    messagesPerSecond: 80,
    pairLimit: { count: 10, windowMs: 60_000 },
    delays: { sentMs: 20, deliveredMs: 30, readMs: 40 },
    readReceipts: true,
    reviewMs: 50,
    ...options.behaviour,
    notOnWhatsApp: new Set([...(options.behaviour?.notOnWhatsApp ?? [])].map(digits)),
    stoppedMarketing: new Set([...(options.behaviour?.stoppedMarketing ?? [])].map(digits)),
  };
  const state = new StandInState(
    options.app ?? DEFAULT_APP,
    behaviour,
    options.wabas ?? [defaultWaba()],
    options.tokens ?? { [DEFAULT_TOKEN]: [...(options.wabas ?? [defaultWaba()]).map((w) => w.id)] },
  );
  const sender = createWebhookSender();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const rt: StandInRuntime = {
    state,
    sender,
    announce: async (waba, payload) => {
      const target = waba.override ?? rt.appWebhook;
      if (!target || closed) return undefined;
      return sender.post(target.url, payload, state.app.secret);
    },
    later: (ms, task) => {
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        task();
      }, ms);
      timers.add(timer);
    },
  };
  const server: FastifyInstance = await buildStandInServer(rt);
  const address = await server.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });

  const inbound = (phoneNumberId: string, from: string, name: string, message: Record<string, unknown>) => {
    const found = state.wabaOfPhone(phoneNumberId);
    if (!found) throw new Error(`stand-in: no phone number ${phoneNumberId}`);
    state.noteInbound(phoneNumberId, digits(from));
    const now = Math.floor(Date.now() / 1000);
    return rt.announce(found.waba, {
      object: "whatsapp_business_account",
      entry: [
        {
          id: found.waba.id,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: {
                  display_phone_number: digits(found.phone.display_phone_number),
                  phone_number_id: phoneNumberId,
                },
                contacts: [{ profile: { name }, wa_id: digits(from) }],
                messages: [{ from: digits(from), id: state.nextId("wamid"), timestamp: String(now), ...message }],
              },
              field: "messages",
            },
          ],
        },
      ],
    });
  };

  return {
    url: address,
    state,
    deliveries: sender.log,
    configureWebhook: async (url, verifyToken) => {
      const check = await sender.verify(url, verifyToken);
      if (check.ok) rt.appWebhook = { url, verifyToken };
      return check.ok;
    },
    customerWrites: ({ from, phoneNumberId, text, name }) =>
      inbound(phoneNumberId, from, name ?? DOC_CUSTOMER_NAME, { type: "text", text: { body: text } }),
    customerSendsMedia: async ({ from, phoneNumberId, kind, data, mimeType, caption, filename }) => {
      const mediaId = state.storeMedia(mimeType, data);
      const part = {
        id: mediaId,
        mime_type: mimeType,
        sha256: state.media.get(mediaId)?.sha256,
        ...(caption ? { caption } : {}),
        ...(filename ? { filename } : {}),
      };
      const delivery = await inbound(phoneNumberId, from, DOC_CUSTOMER_NAME, { type: kind, [kind]: part });
      return { mediaId, delivery };
    },
    customerTaps: ({ from, phoneNumberId, buttonId, title }) =>
      inbound(phoneNumberId, from, DOC_CUSTOMER_NAME, {
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: buttonId, title } },
      }),
    templateEvent: async (templateId, event, reason, description) => {
      const found = state.templateById(templateId);
      if (!found) throw new Error(`stand-in: no template ${templateId}`);
      const otherInfo = description
        ? { otherInfo: { title: event === "PAUSED" ? "FIRST_PAUSE" : event, description } }
        : {};
      return announceTemplate(rt, found.waba, found.template, event, reason ?? "NONE", otherInfo);
    },
    postRaw: async (wabaId, payload, signature) => {
      const waba = state.wabas.get(wabaId);
      const target = waba?.override ?? rt.appWebhook;
      return target ? sender.post(target.url, payload, state.app.secret, signature) : undefined;
    },
    script: (to, ...codes) => state.scripted.set(digits(to), [...(state.scripted.get(digits(to)) ?? []), ...codes]),
    revokeToken: (token) => state.tokens.delete(token),
    issueSignupCode: (wabaId) => {
      const code = `AQB${state.nextId("upload").slice("upload:".length)}`;
      state.signupCodes.set(code, wabaId);
      return code;
    },
    idle: async () => {
      for (let i = 0; i < 200 && (timers.size > 0 || (await sender.idle(), timers.size > 0)); i++)
        await new Promise((r) => setTimeout(r, 10));
      await sender.idle();
    },
    close: async () => {
      closed = true;
      timers.forEach(clearTimeout);
      timers.clear();
      await sender.idle();
      await server.close();
    },
  };
}
