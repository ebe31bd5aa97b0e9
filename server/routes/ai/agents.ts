import { callerOf } from "../../auth/guard";
import { agentRecord, createAgent, deleteAgent, listAgents, updateAgent } from "../../services/ai/agents";
import { composeAnswer } from "../../services/ai/answer";
import { listAnswers, logPlayground } from "../../services/ai/answers";
import { aiOwner, ownAgent } from "../../services/ai/tenant";
import type { Handlers } from "../context";

export const agentHandlers: Handlers = {
  "ai.agents.create": async (request, reply, { db }) => {
    const row = await createAgent(db, await aiOwner(db, callerOf(request)), request.body);
    reply.status(201);
    return { success: true, message: "AI agent created", data: await agentRecord(db, row) };
  },
  "ai.agents.list": async (request, _reply, { db }) => {
    const { agents, count, pagination } = await listAgents(db, await aiOwner(db, callerOf(request)), request.query);
    return { success: true, data: { agents, count }, pagination };
  },
  "ai.agents.get": async (request, _reply, { db }) => ({
    success: true,
    data: await agentRecord(db, await ownAgent(db, await aiOwner(db, callerOf(request)), request.params.id)),
  }),
  "ai.agents.update": async (request, _reply, { db }) => {
    const row = await updateAgent(db, await aiOwner(db, callerOf(request)), request.params.id, request.body);
    return { success: true, message: "AI agent saved", data: await agentRecord(db, row) };
  },
  "ai.agents.delete": async (request, _reply, { db }) => {
    await deleteAgent(db, await aiOwner(db, callerOf(request)), request.params.id);
    return { success: true, message: "AI agent deleted" };
  },
  "ai.agents.playground": async (request, _reply, { db, config }) => {
    const agent = await ownAgent(db, await aiOwner(db, callerOf(request)), request.params.id);
    const answer = await composeAnswer(
      { db, ai: config.ai, now: config.now, log: (err, msg) => request.log.warn({ err }, msg) },
      agent,
      request.body.message,
    );
    await logPlayground(db, agent, request.body.message, answer);
    const { detail: _detail, ...data } = answer;
    return { success: true, data };
  },
  "ai.agents.answers": async (request, _reply, { db }) =>
    listAnswers(db, await ownAgent(db, await aiOwner(db, callerOf(request)), request.params.id), request.query),
};
