import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Template Management: every channel's templates in one place, and the unified view. */
export const templateLibrary: ResourceDef = {
  name: "template-library",
  label: "Templates",
  icon: "template",
  module: "template",
  routes: [
    { path: "manage-templates", title: "Template Management", areas: WORKSPACE, page: "list", menu: { order: 40 } },
    { path: "manage-templates/unified", title: "Unified Templates", areas: WORKSPACE, page: "unified" },
  ],
  actions: { list: "templateLibrary.list", show: "templateLibrary.get" },
};
