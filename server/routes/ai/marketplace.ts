import { callerOf } from "../../auth/guard";
import { notFound } from "../../http/errors";
import { agentRecord } from "../../services/ai/agents";
import { embeddingsConfigured } from "../../services/ai/llm";
import { MARKETPLACE, templateById } from "../../services/ai/marketplace";
import { installTemplate, installedCounts } from "../../services/ai/marketplace/install";
import { aiOwner } from "../../services/ai/tenant";
import type { Handlers } from "../context";

export const marketplaceHandlers: Handlers = {
  "ai.marketplace.list": async (request, _reply, { db }) => {
    const installed = await installedCounts(db, await aiOwner(db, callerOf(request)));
    return {
      success: true,
      data: MARKETPLACE.map((t) => ({
        id: t.id,
        name: t.name,
        category: t.category,
        description: t.description,
        icon: t.icon,
        channels: t.channels,
        intents: t.intents.map((i) => i.name),
        knowledge: t.knowledge.map((k) => k.title),
        sampleQuestions: t.sampleQuestions,
        installed: installed.get(t.id) ?? 0,
      })),
    };
  },
  "ai.marketplace.install": async (request, reply, { db, config }) => {
    const template = templateById(request.params.id);
    if (!template) throw notFound("No such template in the marketplace");
    const row = await installTemplate(db, await aiOwner(db, callerOf(request)), template, request.body, {
      embed: embeddingsConfigured(config.ai),
    });
    reply.status(201);
    return {
      success: true,
      message: `${row.name} is ready: try it in the playground`,
      data: await agentRecord(db, row),
    };
  },
};
