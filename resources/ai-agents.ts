import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

export const aiAgents: ResourceDef = {
  name: "ai-agents",
  label: "AI agents",
  icon: "ai",
  routes: [{ path: "ai-agent-hub", title: "Ai Agent Hub", areas: WORKSPACE, page: "list", menu: { order: 70 } }],
  actions: { list: "ai.agents.list", show: "ai.agents.get", create: "ai.agents.create", update: "ai.agents.update", delete: "ai.agents.delete" },
};
