import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../constants";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "../domain/campaigns";
import { ROLES, type Role } from "../roles";

// What the dashboards, Team Reports and quota reports answer. Money is in rupees (numbers with two decimals),
// counts are integers, days are reporting days (contract/domain/dashboards.ts).

const Channel = Type.Unsafe<CampaignChannel>({ type: "string", enum: [...CAMPAIGN_CHANNELS] });
const RoleName = Type.Unsafe<Role>({ type: "string", enum: [...ROLES] });
const Day = Type.String({ format: "date", description: "a reporting day, YYYY-MM-DD (India)" });
const Ms = Type.Union([Type.Number(), Type.Null()]);

/** Whose figures: every account, a reseller's customers, a manager's organization, a department head's, one's own. */
export const DASHBOARD_SCOPES = ["platform", "customers", "organization", "department", "own"] as const;
export type DashboardScope = (typeof DASHBOARD_SCOPES)[number];

/**
 * Messages of the range: a message counts on the day it was sent (or refused at submit). `delivered` includes read
 * and replied, `read` includes replied; `unconfirmed` were sent without a final receipt yet (sent, unknown).
 */
export const DashboardTotals = Type.Object({
  messages: Type.Integer(),
  delivered: Type.Integer(),
  read: Type.Integer(),
  replied: Type.Integer(),
  failed: Type.Integer(),
  unconfirmed: Type.Integer(),
  /** Rupees spent on the range's messages. */
  spent: Type.Number(),
  /** Campaigns that sent at least one message in the range. */
  campaigns: Type.Integer(),
  /** Recipients waiting to be sent now (queued or in flight), whatever the range. */
  queued: Type.Integer(),
});
export type DashboardTotals = Static<typeof DashboardTotals>;

/** One day: messages per channel, what became of them, and the money. */
export const DashboardDay = Type.Object({
  date: Day,
  rcs: Type.Integer(),
  sms: Type.Integer(),
  whatsapp: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  spent: Type.Number(),
});
export type DashboardDay = Static<typeof DashboardDay>;

export const DashboardChannelRow = Type.Object({
  channel: Channel,
  messages: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  spent: Type.Number(),
});
export type DashboardChannelRow = Static<typeof DashboardChannelRow>;

export const DashboardCampaignRow = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  channel: Channel,
  status: Type.Unsafe<CampaignStatus>({ type: "string", enum: [...CAMPAIGN_STATUSES] }),
  /** The owning account's username. */
  owner: Type.String(),
  messages: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  spent: Type.Number(),
});
export type DashboardCampaignRow = Static<typeof DashboardCampaignRow>;

/** Failures of the range by channel and carrier code ('' when the carrier gave none). */
export const DashboardErrorRow = Type.Object({ channel: Channel, code: Type.String(), count: Type.Integer() });
export type DashboardErrorRow = Static<typeof DashboardErrorRow>;

/** Accounts in scope by role (admin: every account; reseller: its customers). */
export const DashboardRoleCount = Type.Object({ role: RoleName, total: Type.Integer(), suspended: Type.Integer() });
export type DashboardRoleCount = Static<typeof DashboardRoleCount>;

/** Conversation work of one person in the range (a live agent, or an account answering its own inbox). */
export const AgentActivity = Type.Object({
  /** Replies written in conversations. */
  chatReplies: Type.Integer(),
  /** Conversations the person replied in. */
  conversations: Type.Integer(),
  /** Conversations assigned to the person that were resolved. */
  resolved: Type.Integer(),
  /** Average time from a customer's message to the person's answer, in ms; null without answers. */
  avgResponseMs: Ms,
});
export type AgentActivity = Static<typeof AgentActivity>;

export const DashboardAgentRow = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  lastSeenAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  ...AgentActivity.properties,
});
export type DashboardAgentRow = Static<typeof DashboardAgentRow>;

/**
 * The range's link clicks and attributed conversions (issue 41), by the day each happened: people's clicks (never
 * previews' or scanners'), people who clicked a campaign's link for the first time, conversions and their revenue in
 * rupees. The click-through rate is clickers over the range's delivered messages.
 */
export const DashboardEngagementDay = Type.Object({
  date: Day,
  clicks: Type.Integer(),
  clickers: Type.Integer(),
  conversions: Type.Integer(),
  revenue: Type.Number(),
});
export type DashboardEngagementDay = Static<typeof DashboardEngagementDay>;

export const DashboardEngagement = Type.Object({
  clicks: Type.Integer(),
  clickers: Type.Integer(),
  conversions: Type.Integer(),
  revenue: Type.Number(),
  /** Every day of the range, oldest first (zeros included). */
  series: Type.Array(DashboardEngagementDay),
});
export type DashboardEngagement = Static<typeof DashboardEngagement>;

export const DashboardOverview = Type.Object({
  scope: Type.Unsafe<DashboardScope>({ type: "string", enum: [...DASHBOARD_SCOPES] }),
  from: Day,
  to: Day,
  channel: Type.Union([Channel, Type.Literal("all")]),
  totals: DashboardTotals,
  series: Type.Array(DashboardDay),
  channels: Type.Array(DashboardChannelRow),
  topCampaigns: Type.Array(DashboardCampaignRow),
  errors: Type.Array(DashboardErrorRow),
  engagement: DashboardEngagement,
  /** Admin and reseller: accounts in scope by role, and the sum of their balances now. */
  accounts: Type.Union([Type.Array(DashboardRoleCount), Type.Null()]),
  accountsBalance: Type.Union([Type.Number(), Type.Null()]),
  /** Workspace roles: the live agents of the accounts in scope and their work in the range. */
  agents: Type.Union([Type.Array(DashboardAgentRow), Type.Null()]),
  /** Callers who decide balance requests: how many wait for them. */
  pendingBalanceRequests: Type.Union([Type.Integer(), Type.Null()]),
});
export type DashboardOverview = Static<typeof DashboardOverview>;

/** One account's row of Team Reports (and of the operator dashboards' account tables). */
export const TeamRow = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  type: RoleName,
  status: Type.Unsafe<"active" | "suspended">({ type: "string", enum: ["active", "suspended"] }),
  balance: Type.Number(),
  /** Whether this row is the caller's own. */
  self: Type.Boolean(),
  /** Campaigns that sent in the range. */
  campaigns: Type.Integer(),
  messages: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  deliveryRate: Type.Union([Type.Number(), Type.Null()]),
  spent: Type.Number(),
  /** Whether the account is a live agent (its conversation figures are an agent's). */
  agent: Type.Boolean(),
  ...AgentActivity.properties,
});
export type TeamRow = Static<typeof TeamRow>;

/** A quota report's day: money in (top-ups), money taken back (deductions) and money spent on messages. */
export const QuotaDay = Type.Object({
  date: Day,
  topUps: Type.Number(),
  deductions: Type.Number(),
  spent: Type.Number(),
});
export type QuotaDay = Static<typeof QuotaDay>;

export const QuotaSummary = Type.Object({
  from: Day,
  to: Day,
  series: Type.Array(QuotaDay),
  totals: Type.Object({
    topUps: Type.Number(),
    deductions: Type.Number(),
    spent: Type.Number(),
    /** Campaign holds taken and released in the range (money set aside at a start, given back at the end). */
    held: Type.Number(),
    released: Type.Number(),
    /** Balances of the accounts in the report now. */
    balance: Type.Number(),
  }),
  /** Balance requests raised in the range, by outcome. */
  requests: Type.Object({
    pending: Type.Integer(),
    approved: Type.Integer(),
    rejected: Type.Integer(),
    approvedAmount: Type.Number(),
  }),
});
export type QuotaSummary = Static<typeof QuotaSummary>;

/** CSAT over the surveys sent in the period: sent, answered, and what the answers say. */
const CsatFigures = {
  sent: Type.Integer(),
  answers: Type.Integer(),
  /** Answers per survey sent, whole per cent; null without surveys. */
  responseRate: Type.Union([Type.Integer(), Type.Null()]),
  /** Mean score 1-5, one decimal; null without answers. */
  average: Type.Union([Type.Number(), Type.Null()]),
  /** Answers of 4 or 5 per answer, whole per cent; null without answers. */
  satisfied: Type.Union([Type.Integer(), Type.Null()]),
};

export const TeamCsatTotals = Type.Object(CsatFigures);
export type TeamCsatTotals = Static<typeof TeamCsatTotals>;

/** CSAT of one agent, or of an account's conversations no agent held when resolved (agentId null). */
export const TeamCsatRow = Type.Object({
  agentId: Type.Union([Type.String(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  accountId: Type.String(),
  account: Type.String(),
  ...CsatFigures,
});
export type TeamCsatRow = Static<typeof TeamCsatRow>;
