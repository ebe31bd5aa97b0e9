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
    custom: {
      stats: "ai.agentConfigs.stats",
      enhancePrompt: "ai.agentConfigs.enhancePrompt",
      setDefault: "ai.agentConfigs.setDefault",
      createForAgent: "ai.agentConfigs.createForAgent",
      updateForAgent: "ai.agentConfigs.updateForAgent",
      deleteForAgent: "ai.agentConfigs.deleteForAgent",
      validate: "ai.agentConfigs.validate",
    },
  },
  shownIn: "ai-agents",
};
