import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Workflow Automation and its flow editor. SPEC 7 has no workflow calls yet. */
export const workflows: ResourceDef = {
  name: "workflows",
  label: "Workflows",
  icon: "workflow",
  routes: [
    { path: "workflows", title: "Workflow Automation", areas: WORKSPACE, page: "list", menu: { order: 110 } },
    { path: "workflows/editor", title: "Workflow Editor", areas: WORKSPACE, page: "edit" },
    { path: "workflows/view", title: "Workflow View", areas: WORKSPACE, page: "show" },
  ],
  actions: {},
};
