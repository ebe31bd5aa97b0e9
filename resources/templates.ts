import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Every channel's templates in one table (SMS, WhatsApp, RCS), with filters and search. */
export const templates: ResourceDef = {
  name: "templates",
  label: "All templates",
  icon: "template",
  module: "template",
  routes: [{ path: "manage-templates/unified", title: "Unified Templates", areas: WORKSPACE, page: "list" }],
  actions: { list: "templates.unified" },
};
