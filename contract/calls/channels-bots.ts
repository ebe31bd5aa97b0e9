import { MSG } from "../messages";
import { ADMIN, ALL, USER_MANAGER } from "./access";
import { ID, NOT_BUILT } from "./replies";
import type { CallDef } from "./types";

/** SPEC 7 "Channels and bots". */
export const CHANNEL_BOT_CALLS = {
  "channels.wabaProviderSolutionIds": { method: "GET", path: "/api/channels/get-waba-provider-solution-ids", access: ["admin", "reseller", "manager", "user"], response: NOT_BUILT },
  "bots.updateStatus": { method: "PUT", path: "/api/v1/bots/botStatus", access: ["admin", "manager", "user"], response: NOT_BUILT },
  "channels.updateIntegrations": { method: "PUT", path: "/api/v1/channels/update-channel-integrations", access: USER_MANAGER, response: NOT_BUILT },
  "channels.getIntegrations": { method: "GET", path: "/api/v1/channels/get-channel-integrations", access: ALL, failure: MSG.fetchChannels, response: NOT_BUILT },
  "bots.ids": { method: "GET", path: "/api/v1/bots/botIds", access: ALL, response: NOT_BUILT },
  "bots.get": { method: "GET", path: "/api/v1/admin/bot/:id", access: ADMIN, params: ID, response: NOT_BUILT },
  "bots.update": { method: "PUT", path: "/api/v1/admin/update-bot", access: ADMIN, response: NOT_BUILT },
  "bots.createRcs": { method: "POST", path: "/api/v1/admin/create-rcs-bot", access: ADMIN, response: NOT_BUILT },
} as const satisfies Record<string, CallDef>;
