import { describe, expect, it } from "vitest";
import { MSG, type CampaignRecord } from "../../../../contract";
import type { ProgressUpdate, RecipientCounts } from "../../../../contract/domain/campaigns";
import {
  campaignListPage,
  campaignTotals,
  isProgressUpdate,
  listFailureMessage,
  mergeCampaign,
  progressReducer,
} from "./campaign-progress";
import { campaignStatusColor, ownerActions } from "./campaign-status";

const counts = (c: Partial<RecipientCounts> = {}): RecipientCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  failed: 0,
  unknown: 0,
  skipped: 0,
  failedOver: 0,
  ...c,
});

const campaign = (c: Partial<CampaignRecord> = {}): CampaignRecord => ({
  _id: "c1",
  name: "Diwali",
  channel: "sms",
  status: "running",
  statusReason: null,
  userId: "u",
  ownerName: "manager",
  templateId: "t",
  templateName: "Login OTP",
  senderLabel: "ACMEOT",
  source: { kind: "paste", name: null },
  audience: { rowsRead: 10, valid: 10, invalid: 0, duplicates: 0 },
  total: 10,
  counts: counts({ queued: 10 }),
  percent: 0,
  cost: { estimated: 2.5, max: 2.5, held: 2.5, spent: 0, failoverSpent: 0 },
  failover: null,
  waiting: null,
  billing: { basis: "submitted", settledAt: null, settlesBy: null },
  scheduledAt: null,
  timeZone: null,
  startedAt: null,
  completedAt: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  ...c,
});

const push = (p: Partial<ProgressUpdate> = {}): ProgressUpdate => ({
  campaignId: "c1",
  channel: "sms",
  status: "running",
  statusReason: null,
  total: 10,
  counts: counts({ sent: 4, queued: 6 }),
  percent: 40,
  spent: 1,
  failoverSpent: 0,
  at: "2026-11-23T10:00:05.000Z",
  ...p,
});

describe("progressReducer: progress reports keyed by campaign id", () => {
  it("keeps one report per campaign, the newest", () => {
    let state = progressReducer({}, push());
    state = progressReducer(state, push({ campaignId: "c2", percent: 10 }));
    state = progressReducer(state, push({ percent: 80, at: "2026-11-23T10:00:09.000Z" }));
    expect(Object.keys(state).sort()).toEqual(["c1", "c2"]);
    expect(state.c1.percent).toBe(80);
  });

  it("drops a push older than the one it has (pushes overtaken across a reconnect)", () => {
    const state = progressReducer({}, push({ percent: 80, at: "2026-11-23T10:00:09.000Z" }));
    expect(progressReducer(state, push({ percent: 40 }))).toBe(state);
  });

  it("accepts only payloads shaped like a progress push", () => {
    expect(isProgressUpdate(push())).toBe(true);
    expect(isProgressUpdate({ ...push(), status: "exploded" })).toBe(false);
    expect(isProgressUpdate({ campaignId: "c1" })).toBe(false);
    expect(isProgressUpdate(null)).toBe(false);
  });
});

describe("mergeCampaign: a campaign's status changed locally by id (SPEC 4)", () => {
  it("a push updates status, percent, counts and spent", () => {
    const merged = mergeCampaign(
      campaign(),
      undefined,
      push({ status: "paused", statusReason: "Failure rate above 20 %", percent: 40, spent: 1.25 }),
    );
    expect(merged).toMatchObject({
      status: "paused",
      statusReason: "Failure rate above 20 %",
      percent: 40,
      counts: { sent: 4 },
      cost: { spent: 1.25, held: 2.5 },
    });
  });

  it("an action's answer replaces the listed row until a newer list arrives", () => {
    const saved = campaign({ status: "discarded", updatedAt: "2026-11-23T10:00:10.000Z" });
    expect(mergeCampaign(campaign(), saved).status).toBe("discarded");
    const newer = campaign({ status: "running", updatedAt: "2026-11-23T10:00:20.000Z" });
    expect(mergeCampaign(newer, saved).status).toBe("running");
  });

  it("a push older than the record is ignored: a stale running never covers a fresh paused", () => {
    const paused = campaign({ status: "paused", updatedAt: "2026-11-23T10:00:10.000Z" });
    expect(mergeCampaign(paused, undefined, push({ at: "2026-11-23T10:00:05.000Z" })).status).toBe("paused");
  });
});

describe("campaignListPage (SPEC 4)", () => {
  it("a reply without a campaigns array is an empty list with one page", () => {
    expect(campaignListPage(undefined)).toEqual({ rows: [], total: 0, totalPages: 1 });
    expect(campaignListPage({ total: 7, totalPages: 3 })).toEqual({ rows: [], total: 0, totalPages: 1 });
    expect(campaignListPage({ data: "nope", totalPages: 3 })).toEqual({ rows: [], total: 0, totalPages: 1 });
  });

  it("reads rows, total and pages; zero pages reads as one", () => {
    const rows = [campaign()];
    expect(campaignListPage({ data: rows, total: 31, totalPages: 4 })).toEqual({ rows, total: 31, totalPages: 4 });
    expect(campaignListPage({ data: [], total: 0, totalPages: 0 })).toEqual({ rows: [], total: 0, totalPages: 1 });
  });
});

describe("status look and actions", () => {
  it.each([
    ["running", "blue"],
    ["paused", "warning"],
    ["completed", "success"],
    ["failed", "error"],
    ["scheduled", "purple"],
    ["validating", "processing"],
    ["unheard-of", "default"],
  ])("%s is %s", (status, color) => {
    expect(campaignStatusColor(status)).toBe(color);
  });

  it.each([
    ["running", { pause: true, resume: false, discard: true }],
    ["scheduled", { pause: true, resume: false, discard: true }],
    ["paused", { pause: false, resume: true, discard: true }],
    ["ready", { pause: false, resume: false, discard: true }],
    ["completed", { pause: false, resume: false, discard: false }],
    ["discarded", { pause: false, resume: false, discard: false }],
  ] as const)("an owner's actions on a %s campaign", (status, expected) => {
    expect(ownerActions(status)).toEqual(expected);
  });
});

describe("failure messages and totals", () => {
  it("SPEC 8: the SMS list fails with its own message", () => {
    expect(listFailureMessage("sms")).toBe(MSG.fetchSmsCampaigns);
    expect(listFailureMessage("all")).toBe(MSG.fetchCampaigns);
    expect(listFailureMessage("whatsapp")).toBe(MSG.fetchCampaigns);
  });

  it("combines sent, delivered % and spent to the paisa", () => {
    const rows = [
      campaign({
        counts: counts({ sent: 1, delivered: 2, read: 3, replied: 4, failed: 5 }),
        cost: { estimated: 0, max: 0, held: 0, spent: 0.1, failoverSpent: 0 },
      }),
      campaign({
        _id: "c2",
        counts: counts({ sent: 10 }),
        cost: { estimated: 0, max: 0, held: 0, spent: 0.2, failoverSpent: 0 },
      }),
    ];
    expect(campaignTotals(rows, 12)).toEqual({
      campaigns: 12,
      sent: 20,
      delivered: 9,
      deliveredPercent: 45,
      spent: 0.3,
    });
    expect(campaignTotals([])).toEqual({ campaigns: 0, sent: 0, delivered: 0, deliveredPercent: 0, spent: 0 });
  });
});
