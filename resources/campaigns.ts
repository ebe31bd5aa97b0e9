import { OPERATOR, WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** Campaigns over RCS (the platform calls), SMS and WhatsApp, with the unified and per-number views. */
export const campaigns: ResourceDef = {
  name: "campaigns",
  label: "Campaigns",
  icon: "campaign",
  module: "campaign",
  routes: [
    { path: "campaigns", title: "Campaigns", areas: OPERATOR, page: "list", menu: { order: 20 } },
    { path: "campaigns", title: "Campaign Management", areas: WORKSPACE, page: "list", menu: { order: 20 } },
    { path: "campaigns/individual-numbers", title: "Individual Numbers", areas: WORKSPACE, page: "individual-numbers" },
    { path: "campaigns/individual-reports", title: "Individual Reports", areas: WORKSPACE, page: "individual-reports" },
    { path: "campaigns/unified", title: "Unified Campaigns", areas: WORKSPACE, page: "unified" },
    { path: "campaigns/rcs-campaign-creation", title: "New RCS Campaign", areas: WORKSPACE, page: "create-rcs" },
    { path: "campaigns/sms-campaign-creation", title: "New SMS Campaign", areas: WORKSPACE, page: "create-sms" },
    {
      path: "campaigns/whatsapp-campaign-creation",
      title: "New WhatsApp Campaign",
      areas: WORKSPACE,
      page: "create-whatsapp",
    },
  ],
  listKey: "campaigns",
  totalKey: "totalCampaigns",
  actions: {
    list: "campaigns.list",
    create: "campaigns.create",
  },
};
