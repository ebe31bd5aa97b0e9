import { callerOf } from "../../auth/guard";
import { contextForAgent } from "../../services/ai/business-context";
import {
  configRecord,
  configStats,
  createConfig,
  defaultConfig,
  deleteAgentConfigs,
  deleteConfig,
  keepEnhancedPrompt,
  listConfigs,
  ownConfig,
  setDefaultConfig,
  updateConfig,
  updateDefaultConfig,
} from "../../services/ai/configs";
import { enhancePrompt } from "../../services/ai/enhance";
import { aiOwner, ownAgent } from "../../services/ai/tenant";
import { validateConfig } from "../../services/ai/validate-config";
import type { Handlers } from "../context";

export const configHandlers: Handlers = {
  "ai.agentConfigs.stats": async (request, _reply, { db }) => ({
    success: true,
    data: await configStats(db, await aiOwner(db, callerOf(request))),
  }),
  "ai.agentConfigs.list": async (request, _reply, { db }) =>
    listConfigs(db, await aiOwner(db, callerOf(request)), request.query),
  "ai.agentConfigs.enhancePrompt": async (request, _reply, { db, config }) => {
    const agent = await ownAgent(db, await aiOwner(db, callerOf(request)), request.params.id);
    const current = await defaultConfig(db, agent.id);
    const original = request.body.prompt ?? current?.prompt ?? "";
    const enhanced = await enhancePrompt(config.ai, original, agent, await contextForAgent(db, agent), (err) =>
      request.log.warn({ err }, "enhance-prompt model failed"),
    );
    // Kept on the default configuration when it is that configuration's prompt that was enhanced.
    const keep = current && original.trim() === current.prompt.trim();
    if (keep) await keepEnhancedPrompt(db, current, enhanced.enhancedPrompt);
    const data = { originalPrompt: original, ...enhanced, configId: keep ? current.id : null };
    return { success: true, data, enhancedPrompt: data.enhancedPrompt, originalPrompt: data.originalPrompt };
  },
  "ai.agentConfigs.setDefault": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await setDefaultConfig(db, await ownAgent(db, owner, request.params.id), request.body.configId);
    return { success: true, message: "Default configuration set", data: await configRecord(db, owner, row) };
  },
  "ai.agentConfigs.createForAgent": async (request, reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await createConfig(db, await ownAgent(db, owner, request.params.id), request.body);
    reply.status(201);
    return { success: true, message: "Configuration created", data: await configRecord(db, owner, row) };
  },
  "ai.agentConfigs.updateForAgent": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await updateDefaultConfig(db, await ownAgent(db, owner, request.params.id), request.body);
    return { success: true, message: "Configuration saved", data: await configRecord(db, owner, row) };
  },
  "ai.agentConfigs.deleteForAgent": async (request, _reply, { db }) => {
    const n = await deleteAgentConfigs(db, await ownAgent(db, await aiOwner(db, callerOf(request)), request.params.id));
    return { success: true, message: `${n} configuration(s) deleted` };
  },
  "ai.agentConfigs.validate": async (request, _reply, { db, config }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await ownConfig(db, owner, request.params.id);
    return { success: true, data: await validateConfig(db, config.ai, row, await ownAgent(db, owner, row.agentId)) };
  },
  "ai.agentConfigs.get": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    return { success: true, data: await configRecord(db, owner, await ownConfig(db, owner, request.params.id)) };
  },
  "ai.agentConfigs.update": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await updateConfig(db, await ownConfig(db, owner, request.params.id), request.body);
    return { success: true, message: "Configuration saved", data: await configRecord(db, owner, row) };
  },
  "ai.agentConfigs.delete": async (request, _reply, { db }) => {
    await deleteConfig(db, await ownConfig(db, await aiOwner(db, callerOf(request)), request.params.id));
    return { success: true, message: "Configuration deleted" };
  },
};
