import type { ResourceDef } from "./types";

/**
 * Quota reports (admin) and quota management (reseller, SPEC 2's "reports screen"): the ledger of the caller and the
 * accounts it reaches with filters, charts of spend and top-ups, export, and the balance requests with their outcome.
 * A manager reaches the same screen as a tab of Team Reports (resources/team-reports.ts).
 */
export const quota: ResourceDef = {
  name: "quota",
  label: "Quota reports",
  icon: "quota",
  routes: [
    { path: "quota-reports", title: "Quota Reports", areas: ["admin"], page: "list", menu: { order: 40 } },
    { path: "quota-management", title: "Quota Management", areas: ["reseller"], page: "list", menu: { order: 40 } },
  ],
  actions: { list: "quota.ledger" },
};
