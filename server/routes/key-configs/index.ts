import { callerOf } from "../../auth/guard";
import {
  createConfig,
  deleteConfig,
  effectiveConfig,
  findConfig,
  listConfigs,
  updateConfig,
} from "../../services/api-keys/configs";
import type { Handlers } from "../context";

export const keyConfigHandlers: Handlers = {
  "keyConfigs.list": async (request, _reply, { db }) => ({
    success: true,
    ...(await listConfigs(db, callerOf(request).id, request.query)),
  }),
  "keyConfigs.create": async (request, reply, { db, publicApi }) => {
    const data = await createConfig(db, publicApi.keys, callerOf(request).id, request.body);
    reply.status(201);
    return {
      success: true,
      message: data.apiKeyId
        ? `Configuration of "${data.apiKeyName}" saved`
        : "The account's key configuration is saved",
      data,
    };
  },
  "keyConfigs.get": async (request, _reply, { db }) => ({
    success: true,
    data: await findConfig(db, callerOf(request).id, request.params.id),
  }),
  "keyConfigs.forKey": async (request, _reply, { db }) => ({
    success: true,
    data: await effectiveConfig(db, callerOf(request).id, request.params.id),
  }),
  "keyConfigs.update": async (request, _reply, { db, publicApi }) => {
    const data = await updateConfig(db, publicApi.keys, callerOf(request).id, request.params.id, request.body);
    return { success: true, message: "Key configuration saved: it applies at once", data };
  },
  "keyConfigs.delete": async (request, _reply, { db, publicApi }) => {
    const data = await deleteConfig(db, publicApi.keys, callerOf(request).id, request.params.id);
    return {
      success: true,
      message: data.apiKeyId
        ? `"${data.apiKeyName}" now follows the account's configuration`
        : "The account's key configuration is deleted",
    };
  },
};
