import { callerOf } from "../../auth/guard";
import { createKey, deleteKey, listKeys, regenerateKey, updateKey, validateKey } from "../../services/api-keys/keys";
import type { Handlers } from "../context";
import type { RegenerateGrace } from "../../../contract/domain/api-keys";

/** API keys belong to the caller's account (an impersonating admin acts as the account). */
export const apiKeyHandlers: Handlers = {
  "apiKeys.list": async (request, _reply, { db }) => ({
    success: true,
    data: await listKeys(db, callerOf(request).id, request.query),
  }),
  "apiKeys.create": async (request, reply, { db }) => {
    const caller = callerOf(request);
    const data = await createKey(db, caller.id, request.body, caller.impersonatedBy ?? caller.id);
    reply.status(201);
    return {
      success: true,
      message: `API key "${data.apiKey.name}" created. Copy it now: it is not shown again.`,
      data,
    };
  },
  "apiKeys.validate": async (request, _reply, { db }) => ({
    success: true,
    data: await validateKey(db, callerOf(request).id, request.body.key),
  }),
  "apiKeys.update": async (request, _reply, { db, publicApi }) => {
    const data = await updateKey(db, publicApi.keys, callerOf(request).id, request.params.id, request.body);
    return { success: true, message: `API key "${data.name}" saved`, data };
  },
  "apiKeys.delete": async (request, _reply, { db, publicApi }) => {
    const data = await deleteKey(db, publicApi.keys, callerOf(request).id, request.params.id);
    return { success: true, message: `API key "${data.name}" deleted: it no longer works`, data };
  },
  "apiKeys.regenerate": async (request, _reply, { db, publicApi }) => {
    const grace = request.body.graceSeconds as RegenerateGrace;
    const data = await regenerateKey(db, publicApi.keys, callerOf(request).id, request.params.id, grace);
    const old =
      grace === 0
        ? "The old secret stopped working."
        : `The old secret works until ${data.apiKey.previousSecretValidUntil}.`;
    return {
      success: true,
      message: `New secret for "${data.apiKey.name}". Copy it now: it is not shown again. ${old}`,
      data,
    };
  },
};
