import {
  BOT_STATUSES,
  RCS_CARRIERS,
  RCS_LAUNCH_STATES,
  RCS_USE_CASES,
  type BotStatus,
  type RcsCarrierName,
  type RcsLaunchState,
  type RcsUseCase,
} from "../domain/rcs-bots";
import { RBM_BILLING_CATEGORIES, type RbmBillingCategory } from "../domain/rate-keys";
import { MSG } from "../messages";
import { ADMIN, ALL, USER_MANAGER } from "./access";
import { ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const DateTime = Type.String({ format: "date-time" });
const Url = Type.Union([Type.String(), Type.Null()]);

/** The per-account channel flags (SPEC 3 "Channels"); `updatedAt` is null until the account first saves them. */
export const ChannelIntegrationsRecord = Type.Object({
  whatsapp: Type.Boolean(),
  rcs: Type.Boolean(),
  sms: Type.Boolean(),
  voice: Type.Boolean(),
  email: Type.Boolean(),
  updatedAt: Type.Union([DateTime, Type.Null()]),
  /**
   * What is really behind each flag: a flag is the account's choice, these are its connected WABAs, active RCS bots
   * and active SMS accounts. Voice and email are flags only (SPEC): nothing connects them.
   */
  connected: Type.Object(
    { whatsapp: Type.Integer({ minimum: 0 }), rcs: Type.Integer({ minimum: 0 }), sms: Type.Integer({ minimum: 0 }) },
    { description: "The caller's connected WABAs, active RCS bots and active SMS accounts" },
  ),
});

/** One carrier's launch state of a bot; `reason` when it was rejected or suspended. */
export const RcsLaunchRecord = Type.Object({
  carrier: Type.Unsafe<RcsCarrierName>({ type: "string", enum: [...RCS_CARRIERS] }),
  state: Type.Unsafe<RcsLaunchState>({ type: "string", enum: [...RCS_LAUNCH_STATES] }),
  reason: Type.Optional(Type.String()),
});

export const RcsBotRecord = Type.Object({
  _id: Type.String(),
  userId: Type.String(),
  /** The owning account's username (the admin sees every account's bots). */
  username: Type.String(),
  name: Type.String(),
  description: Type.String(),
  useCase: Type.Unsafe<RcsUseCase>({ type: "string", enum: [...RCS_USE_CASES] }),
  brandColor: Type.String(),
  logoUrl: Url,
  bannerUrl: Url,
  phone: Url,
  website: Url,
  privacyUrl: Url,
  termsUrl: Url,
  status: Type.Unsafe<BotStatus>({ type: "string", enum: [...BOT_STATUSES] }),
  providerBotId: Type.Union([Type.String(), Type.Null()]),
  /** How Google bills the agent's messages: per message, or per 24-hour conversation after a reply. */
  billingCategory: Type.Unsafe<RbmBillingCategory>({ type: "string", enum: [...RBM_BILLING_CATEGORIES] }),
  /** Per carrier, in RCS_CARRIERS order. */
  launch: Type.Array(RcsLaunchRecord),
  createdAt: DateTime,
  updatedAt: DateTime,
});

const WithBot = Type.Object({ success: Type.Literal(true), message: Type.String(), data: RcsBotRecord });
const WithIntegrations = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: ChannelIntegrationsRecord,
});

/** SPEC 7 "Channels and bots". */
export const CHANNEL_BOT_CALLS = {
  "channels.wabaProviderSolutionIds": {
    method: "GET",
    path: "/api/channels/get-waba-provider-solution-ids",
    access: ["admin", "reseller", "manager", "user"],
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        data: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), provider: Type.String() })),
      }),
    }),
    summary: "WhatsApp Business Solution providers a WABA can be onboarded through",
  },
  "bots.updateStatus": {
    method: "PUT",
    path: "/api/v1/bots/botStatus",
    access: ["admin", "manager", "user"],
    bodySchema: "bot-status",
    response: replies({ 200: WithBot }),
    summary: "Switch one of the caller's bots active or inactive (admin: any bot)",
  },
  "channels.updateIntegrations": {
    method: "PUT",
    path: "/api/v1/channels/update-channel-integrations",
    access: USER_MANAGER,
    bodySchema: "channel-integrations",
    response: replies({ 200: WithIntegrations }),
    summary: "Switch the caller's channels on or off",
  },
  "channels.getIntegrations": {
    method: "GET",
    path: "/api/v1/channels/get-channel-integrations",
    access: ALL,
    failure: MSG.fetchChannels,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: ChannelIntegrationsRecord }) }),
    summary: "The caller's channel flags",
  },
  "bots.ids": {
    method: "GET",
    path: "/api/v1/bots/botIds",
    access: ALL,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: Type.Array(RcsBotRecord) }) }),
    summary: "The caller's RCS bots with their launch state per carrier (admin: every account's)",
  },
  "bots.get": {
    method: "GET",
    path: "/api/v1/admin/bot/:id",
    access: ADMIN,
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: RcsBotRecord }) }),
    summary: "One RCS bot",
  },
  "bots.update": {
    method: "PUT",
    path: "/api/v1/admin/update-bot",
    access: ADMIN,
    bodySchema: "rcs-bot-update",
    response: replies({ 200: WithBot }),
    summary: "Edit an RCS bot",
  },
  "bots.createRcs": {
    method: "POST",
    path: "/api/v1/admin/create-rcs-bot",
    access: ADMIN,
    bodySchema: "rcs-bot",
    response: replies({ 201: WithBot }),
    summary: "Create an RCS bot for an account and register it with the carrier",
  },
} as const satisfies Record<string, CallDef>;
