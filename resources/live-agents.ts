import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** People answering chats: Team Members. */
export const liveAgents: ResourceDef = {
  name: "live-agents",
  label: "Team members",
  icon: "agents",
  module: "agent",
  routes: [{ path: "agents", title: "Team Members", areas: WORKSPACE, page: "list", menu: { order: 100 } }],
  actions: {
    list: "liveAgents.list",
    create: "liveAgents.create",
  },
};
