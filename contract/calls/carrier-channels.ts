import type { Static } from "@sinclair/typebox";
import { USER_MANAGER } from "./access";
import { Confirmation, ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

/* Real provider connections of an account (calls beyond SPEC 7): credentials are written, never read back. */

export const CARRIER_PROVIDERS = ["whatsapp_cloud", "smpp", "sms_http", "rcs_google"] as const;
/** Where providers' webhooks arrive: `${PUBLIC_URL}/api/carrier-webhooks/<channel id>` (a route outside this table). */
export const CARRIER_WEBHOOK_PATH = "/api/carrier-webhooks";
export type CarrierProviderId = (typeof CARRIER_PROVIDERS)[number];

const DateTime = Type.Union([Type.String({ format: "date-time" }), Type.Null()]);

/** A stored secret as the console may see it: whether it is set and its last 4 characters (nothing of a short one). */
export const CredentialHint = Type.Object({
  field: Type.String(),
  label: Type.String(),
  set: Type.Boolean(),
  last4: Type.String(),
});

/** An SMS provider connection's settings as the console shows them (SMPP or HTTP; the other is null). */
export const SmsChannelDetails = Type.Object({
  /** The headers this channel sends; every other header goes out through the default carrier. */
  senderIds: Type.Array(Type.String()),
  dltEntityId: Type.Union([Type.String(), Type.Null()]),
  smpp: Type.Union([
    Type.Object({
      host: Type.String(),
      port: Type.Integer(),
      systemId: Type.String(),
      systemType: Type.Union([Type.String(), Type.Null()]),
      dltEntityIdTag: Type.String(),
    }),
    Type.Null(),
  ]),
  http: Type.Union([
    Type.Object({
      /** The preset the settings were filled from (contract/domain/sms-http-presets.ts), null for a custom provider. */
      preset: Type.Union([Type.String(), Type.Null()]),
      url: Type.String(),
      authHeader: Type.String(),
      authPrefix: Type.String(),
      bodyTemplate: Type.String(),
      messageIdPath: Type.String(),
      dlr: Type.Object({
        idPath: Type.String(),
        statusPath: Type.String(),
        codePath: Type.Union([Type.String(), Type.Null()]),
        delivered: Type.Array(Type.String()),
        failed: Type.Array(Type.String()),
      }),
      /** How customers' messages (MO) read, null when the channel takes none; posted to `inboundUrl` (token in it). */
      inbound: Type.Union([
        Type.Object({
          fromPath: Type.String(),
          toPath: Type.Union([Type.String(), Type.Null()]),
          textPath: Type.String(),
          idPath: Type.String(),
          number: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ]),
      inboundUrl: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type SmsChannelDetails = Static<typeof SmsChannelDetails>;

/** A Google RBM connection's settings as the console shows them: the agent and the bot it sends for. */
export const RcsChannelDetails = Type.Object({
  agentId: Type.String(),
  botId: Type.String(),
  /** The bot's name as it is now (empty once the bot is deleted). */
  botName: Type.String(),
  useCase: Type.String(),
  /** The service account the key belongs to (its client_email: not secret, it says which key is stored). */
  serviceAccount: Type.String(),
});
export type RcsChannelDetails = Static<typeof RcsChannelDetails>;

export const CarrierChannelRecord = Type.Object({
  _id: Type.String(),
  provider: Type.Unsafe<CarrierProviderId>({ type: "string", enum: [...CARRIER_PROVIDERS] }),
  channel: Type.Unsafe<"whatsapp" | "sms" | "rcs">({ type: "string", enum: ["whatsapp", "sms", "rcs"] }),
  name: Type.String(),
  status: Type.Unsafe<"connected" | "disconnected">({ type: "string", enum: ["connected", "disconnected"] }),
  /** Why it is disconnected, and what to do about it. */
  statusReason: Type.Union([Type.String(), Type.Null()]),
  onboarding: Type.Unsafe<"manual" | "embedded-signup">({ type: "string", enum: ["manual", "embedded-signup"] }),
  wabaId: Type.String(),
  phoneNumberIds: Type.Array(Type.String()),
  appId: Type.Union([Type.String(), Type.Null()]),
  messagesPerSecond: Type.Integer(),
  /** SMS channels (SMPP, HTTP): headers and provider settings; null for others. */
  sms: Type.Union([SmsChannelDetails, Type.Null()]),
  /** Google RBM channels: the agent and its bot; null for others. */
  rcs: Type.Union([RcsChannelDetails, Type.Null()]),
  credentials: Type.Array(CredentialHint),
  /** What to paste at the provider: the callback URL and its verify token (HTTP SMS: the DLR URL, the token in it). */
  webhook: Type.Object({ url: Type.String(), verifyToken: Type.String() }),
  health: Type.Object({
    lastSuccessAt: DateTime,
    lastErrorAt: DateTime,
    lastErrorCode: Type.Union([Type.String(), Type.Null()]),
    lastError: Type.Union([Type.String(), Type.Null()]),
    /** Messages the provider accepted in the minute before `measuredAt`, as one server process counted. */
    sentLastMinute: Type.Integer(),
    measuredAt: DateTime,
  }),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});
export type CarrierChannelRecord = Static<typeof CarrierChannelRecord>;

export const CarrierChannelsPage = Type.Object({
  channels: Type.Array(CarrierChannelRecord),
  /** Meta's Embedded Signup, when this server has a Facebook app configured (FACEBOOK_APP_ID); null otherwise. */
  embeddedSignup: Type.Union([
    Type.Object({
      appId: Type.String(),
      configId: Type.Union([Type.String(), Type.Null()]),
      graphVersion: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type CarrierChannelsPage = Static<typeof CarrierChannelsPage>;

export const ConnectionTest = Type.Object({
  ok: Type.Boolean(),
  code: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
  channel: CarrierChannelRecord,
});

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Saved = ok({ message: Type.String(), data: CarrierChannelRecord });

/**
 * Choices: a channel belongs to the account that connected it (others: 404); connecting and editing test the
 * credentials with a real provider call before anything is saved (a refusal saves nothing: 400 with the provider's
 * words, 502 when it did not answer); a channel sending a campaign that is ready, scheduled, running or paused is not
 * removed (409).
 * An SMS connection claims headers of the caller's own SMS accounts that no other connection claims (409 otherwise);
 * its settings and secret change through its own edit call (SMPP, HTTP), which checks them with the provider like a
 * connect and keeps the stored secret when none is sent. An RBM connection claims one of the caller's own RCS bots that
 * no other connection claims (409 otherwise); its agent, key and client token change through its edit call the same
 * way (the bot stays). The generic `update` changes a WhatsApp connection, and only the name of the others.
 */
export const CARRIER_CHANNEL_CALLS = {
  "carrierChannels.list": {
    method: "GET",
    path: "/api/v1/channels/carrier-channels",
    access: USER_MANAGER,
    response: replies({ 200: ok({ data: CarrierChannelsPage }) }),
    summary:
      "The caller's provider connections with their webhook URL, verify token and health (secrets: only whether set and their last 4 characters)",
  },
  "carrierChannels.connectWhatsApp": {
    method: "POST",
    path: "/api/v1/channels/whatsapp-cloud",
    access: USER_MANAGER,
    bodySchema: "whatsapp-cloud-connect",
    response: replies({ 201: Saved }),
    summary: "Connect a WhatsApp Cloud API number by hand; the credentials are checked at Meta first",
  },
  "carrierChannels.connectSmpp": {
    method: "POST",
    path: "/api/v1/channels/smpp",
    access: USER_MANAGER,
    bodySchema: "smpp-connect",
    response: replies({ 201: Saved }),
    summary:
      "Connect an SMS provider over SMPP 3.4 for some of the caller's headers; checked first with a bind_transceiver and unbind",
  },
  "carrierChannels.connectSmsHttp": {
    method: "POST",
    path: "/api/v1/channels/sms-http",
    access: USER_MANAGER,
    bodySchema: "sms-http-connect",
    response: replies({ 201: Saved }),
    summary:
      "Connect an SMS provider that speaks HTTP for some of the caller's headers; its URL and key are checked first",
  },
  "carrierChannels.connectRcs": {
    method: "POST",
    path: "/api/v1/channels/rcs-google",
    access: USER_MANAGER,
    bodySchema: "rcs-google-connect",
    response: replies({ 201: Saved }),
    summary:
      "Connect a Google RCS Business Messaging agent for one of the caller's RCS bots; the service-account key is checked with Google first",
  },
  "carrierChannels.editSmpp": {
    method: "PUT",
    path: "/api/v1/channels/smpp/:id",
    access: USER_MANAGER,
    params: ID,
    bodySchema: "smpp-edit",
    response: replies({ 200: Saved }),
    summary:
      "Change an SMPP connection's settings, headers or password (absent: kept); checked with a bind and an unbind before saving",
  },
  "carrierChannels.editSmsHttp": {
    method: "PUT",
    path: "/api/v1/channels/sms-http/:id",
    access: USER_MANAGER,
    params: ID,
    bodySchema: "sms-http-edit",
    response: replies({ 200: Saved }),
    summary:
      "Change an HTTP SMS connection's settings, headers or API key (absent: kept); checked with the provider before saving",
  },
  "carrierChannels.editRcs": {
    method: "PUT",
    path: "/api/v1/channels/rcs-google/:id",
    access: USER_MANAGER,
    params: ID,
    bodySchema: "rcs-google-edit",
    response: replies({ 200: Saved }),
    summary:
      "Change a Google RBM connection's name, agent, throughput, key or client token (absent: kept); checked with Google before saving",
  },
  "carrierChannels.update": {
    method: "PUT",
    path: "/api/v1/channels/carrier-channels/:id",
    access: USER_MANAGER,
    params: ID,
    bodySchema: "carrier-channel-update",
    response: replies({ 200: Saved }),
    summary: "Change a connection's name, secrets or throughput; tested at the provider before saving",
  },
  "carrierChannels.test": {
    method: "POST",
    path: "/api/v1/channels/carrier-channels/:id/test",
    access: USER_MANAGER,
    params: ID,
    response: replies({ 200: ok({ data: ConnectionTest }) }),
    summary: "Test a connection with a real provider call; a disconnected channel that passes is connected again",
  },
  "carrierChannels.remove": {
    method: "DELETE",
    path: "/api/v1/channels/carrier-channels/:id",
    access: USER_MANAGER,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Remove a connection with its WABA and numbers (refused while a campaign sends from them)",
  },
} as const satisfies Record<string, CallDef>;
