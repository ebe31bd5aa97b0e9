import type { ResourceDef } from "./types";

/** Media library for templates and campaigns. */
export const uploads: ResourceDef = {
  name: "uploads",
  label: "Uploads",
  icon: "upload",
  routes: [],
  actions: { list: "uploads.list", create: "uploads.create", delete: "uploads.delete" },
  shownIn: "template and campaign forms (media pickers)",
};
