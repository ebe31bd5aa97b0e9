import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** An account's own balance ledger: the billing log (quota reports of several accounts are resources/quota.ts). */
export const ledger: ResourceDef = {
  name: "ledger",
  label: "Billing log",
  icon: "billing",
  routes: [
    {
      path: "billing",
      title: "Subscription & Billing",
      areas: WORKSPACE,
      page: "billing",
      icon: "billing",
      menu: { order: 240, group: "workspace-settings" },
    },
  ],
  actions: { list: "balance.ledger" },
};
