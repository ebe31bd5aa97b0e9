import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** RCS templates, built in the card/carousel builder. SPEC 7 has no RCS template calls yet. */
export const rcsTemplates: ResourceDef = {
  name: "rcs-templates",
  label: "RCS templates",
  icon: "template",
  module: "template",
  routes: [
    { path: "manage-templates/rcs", title: "RCS Templates", areas: WORKSPACE, page: "list" },
    { path: "manage-templates/rcs/creation", title: "New RCS Template", areas: WORKSPACE, page: "create" },
  ],
  actions: {},
};
