import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** People answering chats: Team Members. */
export const liveAgents: ResourceDef = {
  name: "live-agents",
  label: "Team members",
  icon: "agents",
  module: "agent",
  routes: [
    { path: "agents", title: "Team Members", areas: WORKSPACE, page: "list", menu: { order: 100 } },
    // The supervisor wallboard (issue 40 item 8): opened from Team Members, no sidebar entry of its own.
    { path: "agents/wallboard", title: "Wallboard", areas: WORKSPACE, page: "wallboard" },
  ],
  actions: {
    list: "liveAgents.list",
    create: "liveAgents.create",
  },
};
