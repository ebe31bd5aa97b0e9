import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** The account's suppression list: numbers its campaigns never send to (STOP replies land here too). */
export const suppressions: ResourceDef = {
  name: "suppressions",
  label: "Suppression list",
  icon: "campaign",
  module: "campaign",
  // The calls are the owners' (users and managers); a department head is sent home rather than shown a 403.
  routes: [
    {
      path: "campaigns/suppression-list",
      title: "Suppression List",
      areas: WORKSPACE,
      allow: ["manager", "user"],
      page: "list",
    },
  ],
  totalKey: "total",
  actions: {
    list: "suppressions.list",
    create: "suppressions.add",
    delete: "suppressions.remove",
  },
};
