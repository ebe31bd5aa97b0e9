import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * RCS bots (agents at the carrier): the RCS channel screen of the workspace areas, and the admin's bot screen. SPEC 2's
 * admin area has no channels route and a fixed sidebar, so the admin's is settings/rcs-bots, linked from Settings
 * (create and edit are admin-only calls).
 */
export const bots: ResourceDef = {
  name: "bots",
  label: "RCS bots",
  icon: "channels",
  routes: [
    { path: "channels/rcs", title: "RCS Channel", areas: WORKSPACE, page: "list" },
    { path: "settings/rcs-bots", title: "RCS Bots", areas: ["admin"], page: "list" },
  ],
  actions: {
    list: "bots.ids",
    show: "bots.get",
    create: "bots.createRcs",
    update: "bots.update",
  },
  idField: "botId",
};
