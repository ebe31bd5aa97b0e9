import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, NOT_RESELLER, WORKSPACE } from "./access";
import { PageQuery } from "./pagination";
import { ID, NOT_BUILT } from "./replies";
import type { CallDef } from "./types";

/** SPEC 7 "Live agents". */
export const LIVE_AGENT_CALLS = {
  "liveAgents.list": { method: "GET", path: "/api/live-agent/agents", access: NOT_RESELLER, module: "agent", failure: MSG.fetchAgents, query: PageQuery, response: NOT_BUILT },
  "liveAgents.invite": { method: "POST", path: "/api/live-agent/invite-agent", access: WORKSPACE, module: "agent", response: NOT_BUILT },
  "liveAgents.create": { method: "POST", path: "/api/live-agent/create-agent", access: WORKSPACE, module: "agent", response: NOT_BUILT },
  "liveAgents.search": {
    method: "GET", path: "/api/agents/search", access: WORKSPACE, module: "agent", failure: MSG.fetchAgents,
    query: Type.Object({ searchTerm: Type.Optional(Type.String()) }), response: NOT_BUILT,
  },
  "liveAgents.metrics": {
    method: "GET", path: "/api/live-agent/monitoring/metrics/agent/:id", access: ALL, module: "agent", queryDefaults: { period: "day" },
    params: ID, query: Type.Object({ period: Type.String({ default: "day" }) }), response: NOT_BUILT,
  },
} as const satisfies Record<string, CallDef>;
