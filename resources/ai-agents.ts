import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

export const aiAgents: ResourceDef = {
  name: "ai-agents",
  label: "AI agents",
  icon: "ai",
  routes: [
    { path: "ai-agent-hub", title: "Ai Agent Hub", areas: WORKSPACE, page: "list", menu: { order: 70 } },
    // One agent's workspace (?id=…&tab=…): settings, configuration, knowledge, business context, intents, playground.
    { path: "ai-agent-hub/agent", title: "AI Agent", areas: WORKSPACE, page: "show" },
  ],
  actions: {
    list: "ai.agents.list",
    show: "ai.agents.get",
    create: "ai.agents.create",
    update: "ai.agents.update",
    delete: "ai.agents.delete",
  },
};
