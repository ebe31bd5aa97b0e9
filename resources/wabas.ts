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
    custom: {
      onboarding: "waba.onboarding",
      analytics: "waba.analytics",
      phoneNumbers: "waba.phoneNumbers",
      businessProfile: "waba.businessProfile.get",
      setBusinessProfile: "waba.businessProfile.set",
    },
  },
};
