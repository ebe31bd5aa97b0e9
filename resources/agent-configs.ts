import type { ResourceDef } from "./types";

export const agentConfigs: ResourceDef = {
  name: "agent-configs",
  label: "Agent configurations",
  icon: "ai",
  routes: [],
  actions: {
    list: "ai.agentConfigs.list",
    show: "ai.agentConfigs.get",
    update: "ai.agentConfigs.update",
    delete: "ai.agentConfigs.delete",
  },
  shownIn: "ai-agents",
};
