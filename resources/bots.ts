import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** RCS bots (agents at the carrier): the RCS channel screen. */
export const bots: ResourceDef = {
  name: "bots",
  label: "RCS bots",
  icon: "channels",
  routes: [{ path: "channels/rcs", title: "RCS Channel", areas: WORKSPACE, page: "list" }],
  actions: {
    list: "bots.ids",
    show: "bots.get",
    create: "bots.createRcs",
    update: "bots.update",
    custom: { updateStatus: "bots.updateStatus" },
  },
};
