import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

export const reports: ResourceDef = {
  name: "reports",
  label: "Reports",
  icon: "reports",
  routes: [{ path: "reports", title: "Performance Reports", areas: WORKSPACE, page: "list", menu: { order: 50 } }],
  // reports.list answers { data, total, totalPages, page }.
  totalKey: "total",
  actions: {
    list: "reports.list",
    show: "reports.details",
    create: "reports.generate",
    delete: "reports.delete",
  },
};
