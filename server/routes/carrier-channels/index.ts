import { callerOf } from "../../auth/guard";
import {
  connectWhatsAppCloud,
  listChannels,
  removeChannel,
  testChannel,
  updateChannel,
  type ChannelDeps,
} from "../../services/carrier-channels/manage";
import { connectRcs, editRcs } from "../../services/carrier-channels/rcs";
import { connectSmpp, connectSmsHttp } from "../../services/carrier-channels/sms";
import { editSmpp, editSmsHttp } from "../../services/carrier-channels/sms-edit";
import type { Handlers, RouteContext } from "../context";

export const channelDepsOf = (ctx: RouteContext, log?: ChannelDeps["log"]): ChannelDeps => ({
  db: ctx.db,
  config: ctx.config,
  carrier: ctx.carrier,
  ...(log ? { log } : {}),
});

// The account's provider connections (calls beyond SPEC 7, contract/calls/carrier-channels.ts).
export const carrierChannelHandlers: Handlers = {
  "carrierChannels.list": async (request, _reply, ctx) => ({
    success: true,
    data: await listChannels(channelDepsOf(ctx), callerOf(request).id),
  }),

  "carrierChannels.connectWhatsApp": async (request, reply, ctx) => {
    const data = await connectWhatsAppCloud(channelDepsOf(ctx, request.log), callerOf(request).id, request.body);
    reply.status(201);
    return { success: true, message: `Connected ${data.name}`, data };
  },

  "carrierChannels.connectSmpp": async (request, reply, ctx) => {
    const data = await connectSmpp(channelDepsOf(ctx), callerOf(request).id, request.body);
    reply.status(201);
    return { success: true, message: `Connected ${data.name}`, data };
  },

  "carrierChannels.connectSmsHttp": async (request, reply, ctx) => {
    const data = await connectSmsHttp(channelDepsOf(ctx), callerOf(request).id, request.body);
    reply.status(201);
    return { success: true, message: `Connected ${data.name}`, data };
  },

  "carrierChannels.connectRcs": async (request, reply, ctx) => {
    const data = await connectRcs(channelDepsOf(ctx), callerOf(request).id, request.body);
    reply.status(201);
    return { success: true, message: `Connected ${data.name}`, data };
  },

  "carrierChannels.editSmpp": async (request, _reply, ctx) => {
    const data = await editSmpp(channelDepsOf(ctx, request.log), callerOf(request).id, request.params.id, request.body);
    return { success: true, message: `Saved ${data.name}`, data };
  },

  "carrierChannels.editSmsHttp": async (request, _reply, ctx) => {
    const data = await editSmsHttp(channelDepsOf(ctx), callerOf(request).id, request.params.id, request.body);
    return { success: true, message: `Saved ${data.name}`, data };
  },

  "carrierChannels.editRcs": async (request, _reply, ctx) => {
    const data = await editRcs(channelDepsOf(ctx), callerOf(request).id, request.params.id, request.body);
    return { success: true, message: `Saved ${data.name}`, data };
  },

  "carrierChannels.update": async (request, _reply, ctx) => {
    const data = await updateChannel(channelDepsOf(ctx), callerOf(request).id, request.params.id, request.body);
    return { success: true, message: `Saved ${data.name}`, data };
  },

  "carrierChannels.test": async (request, _reply, ctx) => ({
    success: true,
    data: await testChannel(channelDepsOf(ctx), callerOf(request).id, request.params.id),
  }),

  "carrierChannels.remove": async (request, _reply, ctx) => {
    const name = await removeChannel(channelDepsOf(ctx), callerOf(request).id, request.params.id);
    return { success: true, message: `Removed ${name}` };
  },
};
