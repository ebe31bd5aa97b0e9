import { OPERATOR } from "./areas";
import type { ResourceDef } from "./types";

/**
 * The support desk (issue 37): tickets filed from Support and Feedback (a reseller's to its admin, an admin's to the
 * operator), their threads, replies, close and reopen. Opened from the dialog's "View my tickets" and the bell's
 * links (SPEC 2's sidebar is fixed: no entry of its own).
 */
export const support: ResourceDef = {
  name: "support",
  label: "Support tickets",
  icon: "settings",
  routes: [{ path: "settings/support", title: "Support Tickets", areas: OPERATOR, page: "list" }],
  actions: { list: "support.list", show: "support.get", create: "support.file" },
};
