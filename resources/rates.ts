import type { ResourceDef } from "./types";

/**
 * The admin's per-message rates (SMS per segment, WhatsApp per category, RCS per message) that campaign costs use, with
 * per-account and per-reseller rate cards; a reseller's customer rates and margin.
 */
export const rates: ResourceDef = {
  name: "rates",
  label: "Message rates",
  icon: "billing",
  routes: [
    { path: "settings/rates", title: "Message Rates", areas: ["admin"], page: "index" },
    // Issue 37: a reseller's customers' rates and its margin, reached from its settings (SPEC 2's sidebar stays).
    { path: "settings/rates", title: "Customer Rates", areas: ["reseller"], page: "customers" },
  ],
  actions: { show: "rates.get", update: "rates.update" },
};
