import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** SMS sender accounts: the SMS channel screen. */
export const smsAccounts: ResourceDef = {
  name: "sms-accounts",
  label: "SMS accounts",
  icon: "channels",
  // SPEC 6 gives the accounts calls to users and managers only; a department head is sent home rather than shown a 403.
  routes: [{ path: "channels/sms", title: "SMS Channel", areas: WORKSPACE, allow: ["manager", "user"], page: "list" }],
  actions: {
    list: "sms.accounts.list",
    update: "sms.accounts.update",
  },
};
