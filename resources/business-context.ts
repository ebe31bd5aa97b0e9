import type { ResourceDef } from "./types";

export const businessContext: ResourceDef = {
  name: "business-context",
  label: "Business context",
  icon: "knowledge",
  routes: [],
  actions: {
    list: "ai.businessContext.list",
    show: "ai.businessContext.get",
    create: "ai.businessContext.create",
    update: "ai.businessContext.update",
    delete: "ai.businessContext.delete",
    custom: {
      stats: "ai.businessContext.stats",
      summary: "ai.businessContext.summary",
      search: "ai.businessContext.search",
      getForAgent: "ai.businessContext.getForAgent",
      updateForAgent: "ai.businessContext.updateForAgent",
      validate: "ai.businessContext.validate",
    },
  },
  shownIn: "ai-agents",
};
