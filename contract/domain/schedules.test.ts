import { describe, expect, it } from "vitest";
import {
  describeRule,
  nextOccurrences,
  nextRun,
  ruleProblems,
  runCampaignName,
  wallToInstant,
  type ScheduleRule,
} from "./schedules";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const kolkata = (rule: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: "daily",
  time: "09:00",
  timeZone: "Asia/Kolkata",
  ...rule,
});
const newYork = (rule: Partial<ScheduleRule>): ScheduleRule => kolkata({ timeZone: "America/New_York", ...rule });

// Each row: the rule, the instant to look after, and the next runs in UTC (comments give the wall clock).
describe("nextOccurrences", () => {
  it.each<[string, ScheduleRule, string, string[]]>([
    [
      "Kolkata daily 09:00 (03:30Z), starting the same day when it is still ahead",
      kolkata({}),
      "2026-12-07T02:00:00Z",
      ["2026-12-07T03:30:00.000Z", "2026-12-08T03:30:00.000Z", "2026-12-09T03:30:00.000Z"],
    ],
    [
      "Kolkata daily: at the very instant of a run, the next one is tomorrow's",
      kolkata({}),
      "2026-12-07T03:30:00Z",
      ["2026-12-08T03:30:00.000Z", "2026-12-09T03:30:00.000Z", "2026-12-10T03:30:00.000Z"],
    ],
    [
      "Kolkata 00:15 is the previous UTC day's 18:45",
      kolkata({ time: "00:15" }),
      "2026-12-07T18:00:00Z",
      ["2026-12-07T18:45:00.000Z", "2026-12-08T18:45:00.000Z", "2026-12-09T18:45:00.000Z"],
    ],
    [
      "weekly Mon, Wed, Fri (7 Dec 2026 is a Monday)",
      kolkata({ frequency: "weekly", daysOfWeek: [5, 1, 3] }),
      "2026-12-07T04:00:00Z",
      ["2026-12-09T03:30:00.000Z", "2026-12-11T03:30:00.000Z", "2026-12-14T03:30:00.000Z"],
    ],
    [
      "weekly Sunday only",
      kolkata({ frequency: "weekly", daysOfWeek: [0], time: "21:00" }),
      "2026-12-07T00:00:00Z",
      ["2026-12-13T15:30:00.000Z", "2026-12-20T15:30:00.000Z", "2026-12-27T15:30:00.000Z"],
    ],
    [
      "monthly on the 31st: the last day of February (28) and April (30)",
      kolkata({ frequency: "monthly", dayOfMonth: 31 }),
      "2027-01-31T04:00:00Z",
      ["2027-02-28T03:30:00.000Z", "2027-03-31T03:30:00.000Z", "2027-04-30T03:30:00.000Z"],
    ],
    [
      "monthly on the 29th in a leap year's February",
      kolkata({ frequency: "monthly", dayOfMonth: 29 }),
      "2028-01-30T00:00:00Z",
      ["2028-02-29T03:30:00.000Z", "2028-03-29T03:30:00.000Z", "2028-04-29T03:30:00.000Z"],
    ],
    [
      "an end date keeps its own day and stops after it",
      kolkata({ endDate: "2026-12-08" }),
      "2026-12-06T12:00:00Z",
      ["2026-12-07T03:30:00.000Z", "2026-12-08T03:30:00.000Z"],
    ],
    [
      "New York 09:00 across spring forward (8 March 2026): EST then EDT",
      newYork({}),
      "2026-03-07T00:00:00Z",
      ["2026-03-07T14:00:00.000Z", "2026-03-08T13:00:00.000Z", "2026-03-09T13:00:00.000Z"],
    ],
    [
      "New York 02:30 does not exist on 8 March 2026: it runs at 03:00 EDT, the first valid instant",
      newYork({ time: "02:30" }),
      "2026-03-07T00:00:00Z",
      ["2026-03-07T07:30:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z"],
    ],
    [
      "New York 01:30 happens twice on 1 November 2026: it runs once, at the first (EDT)",
      newYork({ time: "01:30" }),
      "2026-10-31T00:00:00Z",
      ["2026-10-31T05:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"],
    ],
    [
      "New York 09:00 across fall back (1 November 2026): EDT then EST",
      newYork({}),
      "2026-10-31T00:00:00Z",
      ["2026-10-31T13:00:00.000Z", "2026-11-01T14:00:00.000Z", "2026-11-02T14:00:00.000Z"],
    ],
    [
      "New York weekly Sun at 02:30 across spring forward",
      newYork({ frequency: "weekly", daysOfWeek: [0], time: "02:30" }),
      "2026-03-01T00:00:00Z",
      ["2026-03-01T07:30:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-15T06:30:00.000Z"],
    ],
  ])("%s", (_name, rule, after, expected) => {
    expect(iso(nextOccurrences(rule, new Date(after), expected.length + (rule.endDate ? 3 : 0)))).toEqual(expected);
  });

  it("a run after 01:30's first occurrence on fall-back day is not repeated at its second", () => {
    // 05:45Z is 01:45 EDT, between the two 01:30s: the next run is the following day's, not 06:30Z (01:30 EST).
    expect(nextRun(newYork({ time: "01:30" }), new Date("2026-11-01T05:45:00Z"))?.toISOString()).toBe(
      "2026-11-02T06:30:00.000Z",
    );
  });

  it("a rule whose end date has passed has no run", () => {
    expect(nextRun(kolkata({ endDate: "2026-12-01" }), new Date("2026-12-07T00:00:00Z"))).toBeNull();
  });

  it("a rule with problems has no run", () => {
    expect(nextOccurrences(kolkata({ frequency: "weekly", daysOfWeek: [] }), new Date(), 3)).toEqual([]);
  });
});

describe("wallToInstant", () => {
  it.each<[string, string, string]>([
    ["2026-03-08T02:00:00Z", "America/New_York", "2026-03-08T07:00:00.000Z"],
    ["2026-03-08T02:59:00Z", "America/New_York", "2026-03-08T07:00:00.000Z"],
    ["2026-03-08T03:00:00Z", "America/New_York", "2026-03-08T07:00:00.000Z"],
    ["2026-11-01T01:00:00Z", "America/New_York", "2026-11-01T05:00:00.000Z"],
    ["2026-06-15T12:00:00Z", "Asia/Kolkata", "2026-06-15T06:30:00.000Z"],
  ])("wall %s in %s is %s", (wall, zone, expected) => {
    expect(new Date(wallToInstant(Date.parse(wall), zone)).toISOString()).toBe(expected);
  });
});

describe("ruleProblems", () => {
  it.each<[string, Partial<ScheduleRule>, string[]]>([
    ["a good daily rule", {}, []],
    ["a time past 23:59", { time: "24:00" }, ["time"]],
    ["a time without minutes", { time: "9" }, ["time"]],
    ["an unknown zone", { timeZone: "Mars/Olympus" }, ["timeZone"]],
    ["an abbreviation for a zone", { timeZone: "IST" }, ["timeZone"]],
    ["weekly without days", { frequency: "weekly", daysOfWeek: [] }, ["daysOfWeek"]],
    ["weekly with day 7", { frequency: "weekly", daysOfWeek: [1, 7] }, ["daysOfWeek"]],
    ["monthly without a day", { frequency: "monthly" }, ["dayOfMonth"]],
    ["monthly on the 32nd", { frequency: "monthly", dayOfMonth: 32 }, ["dayOfMonth"]],
    ["an end date that is not a date", { endDate: "2026-02-30" }, ["endDate"]],
  ])("%s", (_name, rule, fields) => {
    expect(ruleProblems(kolkata(rule)).map((p) => p.field)).toEqual(fields);
  });
});

describe("describeRule", () => {
  it.each<[Partial<ScheduleRule>, string]>([
    [{ frequency: "weekly", daysOfWeek: [3, 1] }, "Every Mon, Wed at 09:00 IST"],
    [{ frequency: "weekly", daysOfWeek: [0, 6, 1] }, "Every Mon, Sat, Sun at 09:00 IST"],
    [{ time: "18:30" }, "Every day at 18:30 IST"],
    [{ frequency: "monthly", dayOfMonth: 1 }, "Monthly on the 1st at 09:00 IST"],
    [{ frequency: "monthly", dayOfMonth: 31 }, "Monthly on the 31st at 09:00 IST (the last day in shorter months)"],
    [{ timeZone: "America/New_York", endDate: "2027-01-31" }, "Every day at 09:00 America/New_York, until 2027-01-31"],
  ])("%j reads %s", (rule, words) => {
    expect(describeRule(kolkata(rule))).toBe(words);
  });
});

describe("runCampaignName", () => {
  it.each<[string, string, string, number, string]>([
    ["Weekly offers", "2026-12-07T03:30:00Z", "Asia/Kolkata", 100, "Weekly offers · 7 Dec 2026, 09:00"],
    ["NY", "2026-11-01T05:30:00Z", "America/New_York", 100, "NY · 1 Nov 2026, 01:30"],
    ["A very long schedule name", "2026-12-07T03:30:00Z", "Asia/Kolkata", 30, "A very lon · 7 Dec 2026, 09:00"],
  ])("%s at %s in %s", (name, planned, zone, max, expected) => {
    const got = runCampaignName(name, new Date(planned), zone, max);
    expect(got).toBe(expected);
    expect(got.length).toBeLessThanOrEqual(max);
  });
});
