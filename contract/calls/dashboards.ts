import { Type } from "./type";
import { ADMIN_RESELLER_MANAGER, ALL } from "./access";
import { DashboardOverview, QuotaSummary, TeamCsatRow, TeamCsatTotals, TeamRow } from "./dashboard-records";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { LEDGER_KINDS, LedgerRow, Paged, type LedgerKind } from "./records";
import { FileBytes, replies } from "./replies";
import type { CallDef } from "./types";
import { DASHBOARD_CHANNELS, TEAM_SORTS, type DashboardChannel, type TeamSort } from "../domain/dashboards";

// Our calls (SPEC names none) behind the dashboards per role, Team Reports and the quota reports. Every figure is
// scoped by the caller's reach: an admin every account, a reseller its customers, a manager its organization (itself
// and its sub-accounts), a department head the campaigns it created, anyone else itself.

const Day = (what: string) =>
  Type.Optional(Type.String({ description: `${what} reporting day, YYYY-MM-DD (India); default: the last 7 days` }));
const Range = {
  from: Day("first"),
  to: Day("last"),
  channel: Type.Optional(
    Type.Unsafe<DashboardChannel>({ type: "string", enum: [...DASHBOARD_CHANNELS], default: "all" }),
  ),
};
const TeamQuery = {
  ...Range,
  search: Type.Optional(Type.String({ description: "part of a username or name" })),
  sort: Type.Optional(Type.Unsafe<TeamSort>({ type: "string", enum: [...TEAM_SORTS] })),
  order: Type.Optional(Type.Unsafe<"asc" | "desc">({ type: "string", enum: ["asc", "desc"] })),
};
const QuotaQuery = {
  from: Range.from,
  to: Range.to,
  userId: Type.Optional(
    Type.String({ description: "one account in reach (or the caller); default: every account in reach" }),
  ),
  kind: Type.Optional(Type.Unsafe<LedgerKind>({ type: "string", enum: [...LEDGER_KINDS] })),
};

export const DASHBOARD_CALLS = {
  "dashboard.overview": {
    method: "GET",
    path: "/api/dashboard/overview",
    access: ALL,
    query: Type.Object(Range),
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: DashboardOverview }) }),
    summary:
      "The dashboard of the caller's role: messages per day and channel, delivery, spend, top campaigns, errors, accounts or agents",
  },
  "dashboard.team": {
    method: "GET",
    path: "/api/dashboard/team",
    access: ["admin", "reseller", "manager", "department_head"],
    queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ ...TeamQuery, ...PageQuery.properties }),
    response: replies({ 200: Paged(TeamRow) }),
    summary:
      "Team Reports: per-account campaigns, messages, delivery rate, spend, balance and conversation work in the range",
  },
  "dashboard.teamExport": {
    method: "GET",
    path: "/api/dashboard/team/export",
    access: ["admin", "reseller", "manager", "department_head"],
    download: true,
    query: Type.Object(TeamQuery),
    response: replies({ 200: FileBytes }),
    summary: "Team Reports as CSV, in the chosen order",
  },
  "dashboard.teamCsat": {
    method: "GET",
    path: "/api/dashboard/team/csat",
    access: ["admin", "reseller", "manager", "department_head"],
    queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ from: Range.from, to: Range.to, ...PageQuery.properties }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        count: Type.Integer(),
        page: Type.Integer(),
        limit: Type.Integer(),
        totalPages: Type.Integer(),
        data: Type.Array(TeamCsatRow),
        totals: TeamCsatTotals,
      }),
    }),
    summary:
      "Team Reports' customer satisfaction: per agent, surveys sent in the range (each account's days in its time zone), answers, response rate, mean score and share satisfied, with the total",
  },
  "quota.ledger": {
    method: "GET",
    path: "/api/quota/ledger",
    access: ADMIN_RESELLER_MANAGER,
    queryDefaults: PAGE_DEFAULTS,
    query: Type.Object({ ...QuotaQuery, ...PageQuery.properties }),
    response: replies({ 200: Paged(LedgerRow) }),
    summary: "Ledger rows of the caller and the accounts in reach, filtered by day, account and kind",
  },
  "quota.summary": {
    method: "GET",
    path: "/api/quota/summary",
    access: ADMIN_RESELLER_MANAGER,
    query: Type.Object({ from: Range.from, to: Range.to, userId: QuotaQuery.userId }),
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: QuotaSummary }) }),
    summary: "Top-ups, deductions and message spend per day, and balance requests by outcome, for the quota charts",
  },
  "quota.export": {
    method: "GET",
    path: "/api/quota/export",
    access: ADMIN_RESELLER_MANAGER,
    download: true,
    query: Type.Object(QuotaQuery),
    response: replies({ 200: FileBytes }),
    summary: "The filtered ledger as CSV, newest first",
  },
} as const satisfies Record<string, CallDef>;
