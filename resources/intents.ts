import type { ResourceDef } from "./types";

export const intents: ResourceDef = {
  name: "intents",
  label: "Intents",
  icon: "ai",
  routes: [],
  actions: {
    list: "ai.intents.list",
    show: "ai.intents.get",
    create: "ai.intents.create",
    update: "ai.intents.update",
    delete: "ai.intents.delete",
  },
  shownIn: "ai-agents",
};
