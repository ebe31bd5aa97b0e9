import { OPERATOR } from "./areas";
import type { ResourceDef } from "./types";

/** Admin and reseller settings: profile, modules and WhatsApp solution provider. */
export const settings: ResourceDef = {
  name: "settings",
  label: "Settings",
  icon: "settings",
  routes: [{ path: "settings", title: "Settings", areas: OPERATOR, page: "index", menu: { order: 50 } }],
  actions: {
    show: "profile.get",
    update: "profile.update",
  },
};
