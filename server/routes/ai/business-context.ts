import { callerOf } from "../../auth/guard";
import {
  contextRecord,
  contextStats,
  contextSummaries,
  contextsForAgentRecord,
  createContext,
  deleteContext,
  listContexts,
  ownContext,
  searchContexts,
  updateContext,
  upsertAgentContext,
  validateContext,
} from "../../services/ai/business-context";
import { aiOwner, ownAgent } from "../../services/ai/tenant";
import type { Handlers } from "../context";

// SPEC 6: business-context calls check only sign-in and token; every record still stays within its account.
export const businessContextHandlers: Handlers = {
  "ai.businessContext.create": async (request, reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await createContext(db, owner, request.body);
    reply.status(201);
    return { success: true, message: "Business context saved", data: await contextRecord(db, owner, row) };
  },
  "ai.businessContext.list": async (request, _reply, { db }) =>
    listContexts(db, await aiOwner(db, callerOf(request)), request.query),
  "ai.businessContext.stats": async (request, _reply, { db }) => ({
    success: true,
    data: await contextStats(db, await aiOwner(db, callerOf(request))),
  }),
  "ai.businessContext.summary": async (request, _reply, { db }) => ({
    success: true,
    data: await contextSummaries(db, await aiOwner(db, callerOf(request))),
  }),
  "ai.businessContext.search": async (request, _reply, { db }) =>
    searchContexts(db, await aiOwner(db, callerOf(request)), request.query),
  "ai.businessContext.getForAgent": async (request, _reply, { db }) => ({
    success: true,
    data: await contextsForAgentRecord(db, await ownAgent(db, await aiOwner(db, callerOf(request)), request.params.id)),
  }),
  "ai.businessContext.updateForAgent": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await upsertAgentContext(db, await ownAgent(db, owner, request.params.id), request.body);
    return { success: true, message: "Business context saved", data: await contextRecord(db, owner, row) };
  },
  "ai.businessContext.validate": async (request, _reply, { db }) => ({
    success: true,
    data: await validateContext(db, await ownContext(db, await aiOwner(db, callerOf(request)), request.params.id)),
  }),
  "ai.businessContext.get": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    return { success: true, data: await contextRecord(db, owner, await ownContext(db, owner, request.params.id)) };
  },
  "ai.businessContext.update": async (request, _reply, { db }) => {
    const owner = await aiOwner(db, callerOf(request));
    const row = await updateContext(db, owner, await ownContext(db, owner, request.params.id), request.body);
    return { success: true, message: "Business context saved", data: await contextRecord(db, owner, row) };
  },
  "ai.businessContext.delete": async (request, _reply, { db }) => {
    await deleteContext(db, await ownContext(db, await aiOwner(db, callerOf(request)), request.params.id));
    return { success: true, message: "Business context deleted" };
  },
};
