import { callerOf } from "../../auth/guard";
import { createBot, getBot, listBots, setBotStatus, updateBot } from "../../services/channels/rcs-bots";
import type { Handlers } from "../context";

export const botHandlers: Handlers = {
  "bots.ids": async (request, _reply, { db, carrier }) => ({
    success: true,
    data: await listBots(db, carrier, callerOf(request)),
  }),

  "bots.get": async (request, _reply, { db, carrier }) => ({
    success: true,
    data: await getBot(db, carrier, callerOf(request), request.params.id),
  }),

  "bots.createRcs": async (request, reply, { db, carrier }) => {
    const data = await createBot(db, carrier, request.body);
    reply.status(201);
    return { success: true, message: `Bot ${data.name} created for ${data.username}`, data };
  },

  "bots.update": async (request, _reply, { db, carrier }) => {
    const data = await updateBot(db, carrier, callerOf(request), request.body);
    return { success: true, message: `Bot ${data.name} updated`, data };
  },

  "bots.updateStatus": async (request, _reply, { db, carrier }) => {
    const data = await setBotStatus(db, carrier, callerOf(request), request.body.botId, request.body.status);
    return { success: true, message: `Bot ${data.name} is now ${data.status}`, data };
  },
};
