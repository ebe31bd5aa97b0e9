import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Workflow Automation: the list, the flow editor (workflows/editor?id=) and the run history (workflows/view). */
export const workflows: ResourceDef = {
  name: "workflows",
  label: "Workflows",
  icon: "workflow",
  routes: [
    { path: "workflows", title: "Workflow Automation", areas: WORKSPACE, page: "list", menu: { order: 110 } },
    { path: "workflows/editor", title: "Workflow Editor", areas: WORKSPACE, page: "edit" },
    { path: "workflows/view", title: "Workflow Runs", areas: WORKSPACE, page: "show" },
  ],
  actions: {
    list: "workflows.list",
    show: "workflows.get",
    create: "workflows.create",
    update: "workflows.update",
    delete: "workflows.delete",
  },
  totalKey: "total",
};
