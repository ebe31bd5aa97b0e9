import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * Recurring campaigns (issue 41, item 5), opened from Campaign Management as Contacts is (SPEC 2's sidebar is fixed).
 * The sender's own: managers, users and department heads (SMS for their organization).
 */
export const campaignSchedules: ResourceDef = {
  name: "campaign-schedules",
  label: "Recurring campaigns",
  icon: "campaign",
  module: "campaign",
  routes: [{ path: "campaigns/recurring", title: "Recurring Campaigns", areas: WORKSPACE, page: "list" }],
  actions: {
    list: "campaignSchedules.list",
    create: "campaignSchedules.create",
    update: "campaignSchedules.update",
    delete: "campaignSchedules.delete",
  },
};
