import { callerOf } from "../../auth/guard";
import { getIntegrations, listSolutions, updateIntegrations } from "../../services/channels/integrations";
import type { Handlers } from "../context";

export const channelHandlers: Handlers = {
  "channels.getIntegrations": async (request, _reply, { db }) => ({
    success: true,
    data: await getIntegrations(db, callerOf(request).id),
  }),

  "channels.updateIntegrations": async (request, _reply, { db }) => ({
    success: true,
    message: "Channel integrations updated",
    data: await updateIntegrations(db, callerOf(request).id, request.body),
  }),

  "channels.wabaProviderSolutionIds": async (_request, _reply, { db }) => ({
    success: true,
    data: await listSolutions(db),
  }),
};
