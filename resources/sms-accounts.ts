import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** SMS sender accounts: the SMS channel screen. */
export const smsAccounts: ResourceDef = {
  name: "sms-accounts",
  label: "SMS accounts",
  icon: "channels",
  routes: [{ path: "channels/sms", title: "SMS Channel", areas: WORKSPACE, page: "list" }],
  actions: { list: "sms.accounts.list", custom: { activate: "sms.accounts.activate" } },
};
