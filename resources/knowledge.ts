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
  },
  shownIn: "ai-agents",
};
