import type { GroupName, ResourceIcon } from "./types";

/** Sidebar groups (Refine's `meta.parent` targets). SPEC 2: the workspace's Settings holds four entries. */
export const GROUPS: Readonly<Record<GroupName, { label: string; icon: ResourceIcon; order: number }>> = {
  "workspace-settings": { label: "Settings", icon: "settings", order: 200 },
};
