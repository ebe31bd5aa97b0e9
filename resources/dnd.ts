import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** The account's DND list: Indian SMS held back by the template's category (scrub files, operators' DND rejections). */
export const dnd: ResourceDef = {
  name: "dnd",
  label: "DND list",
  icon: "campaign",
  module: "campaign",
  // Opened from the campaigns page as the suppression list is (SPEC 2's sidebar is fixed); the calls are the owners'.
  routes: [
    { path: "campaigns/dnd-list", title: "DND List", areas: WORKSPACE, allow: ["manager", "user"], page: "list" },
  ],
  totalKey: "total",
  actions: {
    list: "dnd.list",
    delete: "dnd.remove",
  },
};
