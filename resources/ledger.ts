import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Balance ledger rows: quota reports (admin), quota management (reseller), team reports and billing logs. */
export const ledger: ResourceDef = {
  name: "ledger",
  label: "Quota reports",
  icon: "quota",
  routes: [
    { path: "quota-reports", title: "Quota Reports", areas: ["admin"], page: "list", menu: { order: 40 } },
    { path: "quota-management", title: "Quota Management", areas: ["reseller"], page: "list", menu: { order: 40 } },
    { path: "quota-reports-management", title: "Team Reports", areas: WORKSPACE, page: "list", icon: "team-reports", menu: { order: 60, hiddenFor: ["user"] } },
    { path: "billing", title: "Subscription & Billing", areas: WORKSPACE, page: "billing", icon: "billing", menu: { order: 240, group: "workspace-settings" } },
  ],
  actions: { list: "balance.ledger", custom: { balance: "balance.get" } },
};
