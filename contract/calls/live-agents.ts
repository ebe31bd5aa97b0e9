import { Type } from "./type";
import { MSG } from "../messages";
import { AGENT_METRIC_PERIODS, type AgentMetricPeriod } from "../domain/chats";
import { ALL, NOT_RESELLER, WORKSPACE } from "./access";
import { AgentMetricsRecord, LiveAgentRecord } from "./chat-records";
import { PageQuery } from "./pagination";
import { Confirmation, ID, replies } from "./replies";
import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Saved = ok({ message: Type.String(), data: LiveAgentRecord });

/**
 * SPEC 7 "Live agents", plus ours: `liveAgents.acceptInvite` (public: the mailed link's page sets the agent's
 * password and creates its sign-in) and `liveAgents.remove`. An admin's list is every account's agents.
 */
export const LIVE_AGENT_CALLS = {
  "liveAgents.list": {
    method: "GET",
    path: "/api/live-agent/agents",
    access: NOT_RESELLER,
    module: "agent",
    failure: MSG.fetchAgents,
    query: PageQuery,
    response: replies({
      200: ok({ data: Type.Array(LiveAgentRecord), total: Type.Integer(), totalPages: Type.Integer() }),
    }),
    summary: "The account's live agents with their presence (online, away, offline) and open conversations",
  },
  "liveAgents.invite": {
    method: "POST",
    path: "/api/live-agent/invite-agent",
    access: WORKSPACE,
    module: "agent",
    bodySchema: "live-agent-invite",
    response: replies({ 200: Saved }),
    summary: "Invite an agent by email: the mailed link lets them set a password and sign in",
  },
  "liveAgents.create": {
    method: "POST",
    path: "/api/live-agent/create-agent",
    access: WORKSPACE,
    module: "agent",
    bodySchema: "live-agent-create",
    response: replies({ 200: Saved }),
    summary: "Create an agent with a password (an active sign-in at once)",
  },
  "liveAgents.search": {
    method: "GET",
    path: "/api/agents/search",
    access: WORKSPACE,
    module: "agent",
    failure: MSG.fetchAgents,
    query: Type.Object({ searchTerm: Type.Optional(Type.String({ maxLength: 100 })) }),
    response: replies({ 200: ok({ data: Type.Array(LiveAgentRecord) }) }),
    summary: "Agents whose name or email contains the term",
  },
  "liveAgents.metrics": {
    method: "GET",
    path: "/api/live-agent/monitoring/metrics/agent/:id",
    access: ALL,
    module: "agent",
    queryDefaults: { period: "day" },
    params: ID,
    query: Type.Object({
      period: Type.Unsafe<AgentMetricPeriod>({ type: "string", enum: [...AGENT_METRIC_PERIODS], default: "day" }),
    }),
    response: replies({ 200: ok({ data: AgentMetricsRecord }) }),
    summary: "One agent's conversations handled, first and average response time, resolution time and messages sent",
  },
  "liveAgents.acceptInvite": {
    method: "POST",
    path: "/api/live-agent/accept-invite",
    access: "public",
    bodySchema: "live-agent-accept",
    response: replies({ 200: Confirmation }),
    summary: "Open an invitation: set the agent's username and password",
  },
  "liveAgents.remove": {
    method: "DELETE",
    path: "/api/live-agent/agents/:id",
    access: WORKSPACE,
    module: "agent",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Remove an agent: its sign-in ends and its conversations are unassigned",
  },
} as const satisfies Record<string, CallDef>;
