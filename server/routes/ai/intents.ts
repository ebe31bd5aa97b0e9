import { callerOf } from "../../auth/guard";
import { notFound } from "../../http/errors";
import {
  bulkIntents,
  classify,
  createIntent,
  deleteIntent,
  intentRecord,
  intentStats,
  listIntents,
  ownIntent,
  updateIntent,
} from "../../services/ai/intents";
import { toIntentRecord } from "../../services/ai/records";
import { agentField, aiOwner } from "../../services/ai/tenant";
import type { Handlers } from "../context";

export const intentHandlers: Handlers = {
  "ai.intents.create": async (request, reply, { db }) => {
    const { row, agent } = await createIntent(db, await aiOwner(db, callerOf(request)), request.body);
    reply.status(201);
    return { success: true, message: "Intent created", data: toIntentRecord(row, agent.name) };
  },
  "ai.intents.list": async (request, _reply, { db }) =>
    listIntents(db, await aiOwner(db, callerOf(request)), request.query),
  "ai.intents.stats": async (request, _reply, { db }) => ({
    success: true,
    data: await intentStats(db, await aiOwner(db, callerOf(request))),
  }),
  "ai.intents.testClassification": async (request, _reply, { db }) => {
    const agent = await agentField(db, await aiOwner(db, callerOf(request)), request.body.agentId);
    if (!agent) throw notFound();
    return { success: true, data: await classify(db, agent, request.body.text) };
  },
  "ai.intents.bulk": async (request, reply, { db }) => {
    const { rows, agent, created, updated } = await bulkIntents(db, await aiOwner(db, callerOf(request)), request.body);
    reply.status(201);
    return {
      success: true,
      message: `${created} intent(s) created, ${updated} replaced`,
      data: rows.map((r) => toIntentRecord(r, agent.name)),
      created,
      updated,
    };
  },
  "ai.intents.get": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    return { success: true, data: await intentRecord(db, owner, await ownIntent(db, owner, request.params.id)) };
  },
  "ai.intents.update": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await updateIntent(db, await ownIntent(db, owner, request.params.id), request.body);
    return { success: true, message: "Intent saved", data: await intentRecord(db, owner, row) };
  },
  "ai.intents.delete": async (request, _reply, { db }) => {
    await deleteIntent(db, await ownIntent(db, await aiOwner(db, callerOf(request)), request.params.id));
    return { success: true, message: "Intent deleted" };
  },
};
