import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * Media library for templates and campaigns. Not a SPEC 2 route: our addition, so files can be managed outside a
 * builder; it stays out of the SPEC 2 sidebar (template screens link to it). Uploads are for users and managers
 * (SPEC 6), so a department head's area does not open it.
 */
export const uploads: ResourceDef = {
  name: "uploads",
  label: "Uploads",
  icon: "upload",
  routes: [
    { path: "media-library", title: "Media Library", areas: WORKSPACE, allow: ["manager", "user"], page: "index" },
  ],
  actions: { list: "uploads.list", create: "uploads.create", delete: "uploads.delete" },
  shownIn: "the Media Library screen, and template and campaign forms (src/pages/uploads/components/media-picker.tsx)",
};
