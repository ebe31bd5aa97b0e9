import type { ResourceDef } from "./types";

/** The admin's per-message rates (SMS per segment, WhatsApp per category, RCS per message) that campaign costs use. */
export const rates: ResourceDef = {
  name: "rates",
  label: "Message rates",
  icon: "billing",
  routes: [{ path: "settings/rates", title: "Message Rates", areas: ["admin"], page: "index" }],
  actions: { show: "rates.get", update: "rates.update" },
};
