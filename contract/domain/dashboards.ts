import { CAMPAIGN_CHANNELS, type CampaignChannel, type MessageStatus } from "../constants";
import type { RecipientState } from "./campaigns";

// Dashboards, Team Reports and quota reports: the reporting day, the ranges a person picks, and how a campaign
// recipient's state counts. Shared by the server (which counts) and the console (which asks and labels).

/**
 * Days are calendar days in India (the product's market: rupees, DLT, the SMS window). A message counts on the day
 * it was sent (or refused, when it never went out). The rollup (server/db/schema/dashboards.ts) buckets by this
 * zone, and its trigger names it too: change both together.
 */
export const REPORT_TIME_ZONE = "Asia/Kolkata";
/** The zone's offset from UTC; India keeps no daylight saving time. */
const OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The longest range one dashboard call covers, in days (a year, leap day included). */
export const DASHBOARD_MAX_DAYS = 366;

/** The date-range picker's presets; `custom` takes a from and a to. */
export const DASHBOARD_RANGES = ["today", "7d", "30d", "custom"] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_DEFAULT_RANGE: DashboardRange = "7d";

/** The channel filter: one campaign channel, or all of them. */
export const DASHBOARD_CHANNELS = ["all", ...CAMPAIGN_CHANNELS] as const;
export type DashboardChannel = (typeof DASHBOARD_CHANNELS)[number];

/** The reporting day (YYYY-MM-DD) an instant falls on. */
export function reportDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The first instant of a reporting day (its midnight in India). */
export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD calendar day, or false (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: string, to: string): number {
  return Math.max(
    0,
    Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1,
  );
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  return Array.from({ length: dayCount(from, to) }, (_, i) => addDays(from, i));
}

/** The days a preset covers, ending today: today alone, the last 7 or the last 30 days. */
export function presetDays(
  range: Exclude<DashboardRange, "custom">,
  now: Date = new Date(),
): { from: string; to: string } {
  const to = reportDay(now);
  const back = range === "today" ? 0 : range === "7d" ? 6 : 29;
  return { from: addDays(to, -back), to };
}

/**
 * How a recipient's state counts in SPEC's five message statuses (the status counts). Skipped recipients were
 * never sent, so they are no message; `unknown` (the request left, no answer came) counts as sent: the carrier may
 * well have it. Replied implies read.
 */
export const STATUS_OF_STATE: Readonly<Record<RecipientState, MessageStatus | null>> = {
  queued: "pending",
  sending: "pending",
  sent: "sent",
  unknown: "sent",
  delivered: "delivered",
  read: "read",
  replied: "read",
  failed: "failed",
  skipped: null,
};

/** States that reached the phone (the delivery funnel's "delivered" stage and the delivery rate). */
export const DELIVERED_STATES: readonly RecipientState[] = ["delivered", "read", "replied"];
/** States of a message that went out or was refused: the messages a day counts. */
export const SENT_OR_FAILED_STATES: readonly RecipientState[] = [
  "sent",
  "unknown",
  "delivered",
  "read",
  "replied",
  "failed",
];

/** Delivered over messages, 0-1, or null when nothing was sent. */
export function deliveryRate(delivered: number, messages: number): number | null {
  return messages > 0 ? delivered / messages : null;
}

/** Team Reports' sortable columns. */
export const TEAM_SORTS = [
  "username",
  "campaigns",
  "messages",
  "deliveryRate",
  "spent",
  "balance",
  "chatReplies",
] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

export const isCampaignChannel = (value: string): value is CampaignChannel =>
  (CAMPAIGN_CHANNELS as readonly string[]).includes(value);
