import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** WhatsApp Business Accounts: the WhatsApp channel screen. */
export const wabas: ResourceDef = {
  name: "wabas",
  label: "WhatsApp accounts",
  icon: "channels",
  routes: [{ path: "channels/whatsapp", title: "WhatsApp Channel", areas: WORKSPACE, page: "list" }],
  actions: {
    list: "waba.active",
  },
};
