import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Template Management: the library of ready-made templates for every channel (the unified table is templates.ts). */
export const templateLibrary: ResourceDef = {
  name: "template-library",
  label: "Templates",
  icon: "template",
  module: "template",
  routes: [
    { path: "manage-templates", title: "Template Management", areas: WORKSPACE, page: "list", menu: { order: 40 } },
  ],
  actions: { list: "templateLibrary.list", show: "templateLibrary.get" },
};
