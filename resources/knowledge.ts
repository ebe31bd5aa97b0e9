import type { ResourceDef } from "./types";

export const knowledge: ResourceDef = {
  name: "knowledge",
  label: "Knowledge",
  icon: "knowledge",
  routes: [],
  actions: {
    list: "ai.knowledge.list",
    show: "ai.knowledge.get",
    create: "ai.knowledge.create",
    update: "ai.knowledge.update",
    delete: "ai.knowledge.delete",
    custom: { stats: "ai.knowledge.stats", search: "ai.knowledge.search" },
  },
  shownIn: "ai-agents",
};
