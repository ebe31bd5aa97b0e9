import { OPERATOR, WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/**
 * A/B tests (issue 41, item 4), opened from Campaign Management as Recurring is (SPEC 2's sidebar is fixed). The
 * sender's own create and read theirs; admins and resellers read their customers' tests, as they read campaigns.
 */
export const campaignSplits: ResourceDef = {
  name: "campaign-splits",
  label: "A/B tests",
  icon: "campaign",
  module: "campaign",
  routes: [{ path: "campaigns/ab-tests", title: "A/B Tests", areas: [...OPERATOR, ...WORKSPACE], page: "list" }],
  actions: { list: "campaignSplits.list", create: "campaignSplits.create" },
};
