import { callerOf } from "../../auth/guard";
import { linkOrigin } from "../../config";
import {
  acceptInvite,
  createAgent,
  findAgent,
  inviteAgent,
  listAgents,
  removeAgent,
  searchAgents,
} from "../../services/live-agents/agents";
import { agentMetrics } from "../../services/live-agents/metrics";
import type { Handlers } from "../context";

export const liveAgentHandlers: Handlers = {
  "liveAgents.list": async (request, _reply, { db }) => ({
    success: true,
    ...(await listAgents(db, callerOf(request), request.query.page ?? 1, request.query.limit ?? 10)),
  }),
  "liveAgents.search": async (request, _reply, { db }) => ({
    success: true,
    data: await searchAgents(db, callerOf(request), request.query.searchTerm),
  }),
  "liveAgents.create": async (request, _reply, { db }) => {
    const data = await createAgent(db, callerOf(request), request.body);
    return { success: true, message: `${data.name} can sign in now`, data };
  },
  "liveAgents.invite": async (request, _reply, ctx) => {
    const caller = callerOf(request);
    const { record, token } = await inviteAgent(ctx.db, caller, request.body);
    // The link comes from configuration only (PUBLIC_URL), never from the request's headers.
    const link = `${linkOrigin(ctx.config)}/accept-invite?token=${token}`;
    ctx.background(() =>
      ctx.sendMail({
        to: record.email,
        subject: "You are invited to answer customer conversations",
        body: `Hello ${record.name},\n\n${caller.username} invited you to their team in Messaging Console.\nOpen this link within 7 days to choose your username and password:\n${link}\n\nIf you did not expect this, ignore this mail.`,
      }),
    );
    return { success: true, message: `Invitation sent to ${record.email}`, data: record };
  },
  "liveAgents.acceptInvite": async (request, _reply, { db }) => {
    await acceptInvite(db, request.body);
    return { success: true, message: "Welcome aboard. Sign in with your new username and password." };
  },
  "liveAgents.remove": async (request, _reply, { db, sessions }) => {
    const name = await removeAgent(db, sessions, callerOf(request), request.params.id);
    return { success: true, message: `${name} was removed from the team` };
  },
  "liveAgents.metrics": async (request, _reply, { db }) => {
    const agent = await findAgent(db, callerOf(request), request.params.id);
    return { success: true, data: await agentMetrics(db, agent.id, request.query.period) };
  },
};
