import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** SPEC 2 names the route; the calls are ours (ready-made AI agents, made in one click). */
export const marketplace: ResourceDef = {
  name: "marketplace",
  label: "Marketplace",
  icon: "marketplace",
  routes: [{ path: "marketplace", title: "Marketplace", areas: WORKSPACE, page: "list" }],
  actions: { list: "ai.marketplace.list" },
};
