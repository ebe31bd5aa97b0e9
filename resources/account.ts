import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** The signed-in person's own profile and password (SPEC 2 'general'). */
export const account: ResourceDef = {
  name: "account",
  label: "Account",
  icon: "settings",
  routes: [
    {
      path: "general",
      title: "System Settings",
      areas: WORKSPACE,
      page: "index",
      menu: { order: 210, group: "workspace-settings" },
    },
  ],
  actions: { show: "profile.get", update: "profile.update" },
};
