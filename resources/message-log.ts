import { OPERATOR, WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * The message log (issue 37): every message an account sent, with its statuses, codes and cost. Opened from the
 * campaigns page, a campaign's report and a conversation (SPEC 2's sidebar is fixed). The owners read their own;
 * admins and resellers pick one customer.
 */
export const messageLog: ResourceDef = {
  name: "message-log",
  label: "Message log",
  icon: "campaign",
  module: "campaign",
  routes: [
    {
      path: "campaigns/message-log",
      title: "Message Log",
      areas: WORKSPACE,
      allow: ["manager", "user", "department_head"],
      page: "list",
    },
    { path: "campaigns/message-log", title: "Message Log", areas: OPERATOR, page: "accounts" },
  ],
  actions: {},
};
