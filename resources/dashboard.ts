import { OPERATOR, WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** The area's home: a different dashboard per role (SPEC 2). */
export const dashboard: ResourceDef = {
  name: "dashboard",
  label: "Dashboard",
  icon: "dashboard",
  routes: [
    { path: "", title: "Dashboard", areas: OPERATOR, page: "index", menu: { order: 10 } },
    { path: "", title: "Overview", areas: WORKSPACE, page: "index", menu: { order: 10 } },
  ],
  actions: {},
};
