import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** SPEC 2 names the route only; SPEC 7 has no marketplace calls. */
export const marketplace: ResourceDef = {
  name: "marketplace",
  label: "Marketplace",
  icon: "marketplace",
  routes: [{ path: "marketplace", title: "Marketplace", areas: WORKSPACE, page: "list" }],
  actions: {},
};
