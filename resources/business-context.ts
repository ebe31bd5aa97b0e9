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
  },
  shownIn: "ai-agents",
};
