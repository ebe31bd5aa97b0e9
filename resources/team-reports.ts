import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * Team Reports (SPEC 2, hidden for role user): per-account campaigns, messages, delivery, spend and conversation work;
 * a manager's also has the organization's quota. The operator dashboards list their accounts through it too.
 */
export const teamReports: ResourceDef = {
  name: "team-reports",
  label: "Team Reports",
  icon: "team-reports",
  routes: [
    {
      path: "quota-reports-management",
      title: "Team Reports",
      areas: WORKSPACE,
      allow: ["manager", "department_head"],
      page: "list",
      menu: { order: 60, hiddenFor: ["user"] },
    },
  ],
  actions: { list: "dashboard.team" },
};
