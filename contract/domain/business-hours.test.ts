import { describe, expect, it } from "vitest";
import { dueAfter, workingMinutes, zonedInstant, type BusinessHours, type DayHours } from "./business-hours";

const nineToSix: DayHours = { open: "09:00", close: "18:00" };
/** Monday to Friday 09:00–18:00 in India, Republic Day a holiday. */
const india: BusinessHours = {
  timeZone: "Asia/Kolkata",
  week: [null, nineToSix, nineToSix, nineToSix, nineToSix, nineToSix, null],
  holidays: ["2027-01-26"],
};
/** A night desk: every night 22:00 to 06:00 the next morning. */
const nights: BusinessHours = {
  timeZone: "Asia/Kolkata",
  week: Array.from({ length: 7 }, () => ({ open: "22:00", close: "06:00" })),
  holidays: [],
};
/** New York, open all day every day: its days are 23 or 25 hours when the clocks change. */
const newYork: BusinessHours = {
  timeZone: "America/New_York",
  week: Array.from({ length: 7 }, () => ({ open: "00:00", close: "24:00" })),
  holidays: [],
};
const ny9to5: BusinessHours = {
  timeZone: "America/New_York",
  week: Array.from({ length: 7 }, () => ({ open: "09:00", close: "17:00" })),
  holidays: [],
};
const always: BusinessHours = { timeZone: "Asia/Kolkata", week: null, holidays: [] };
/** Overlapping shifts: Monday's runs overnight to 04:00 while Tuesday's opens at 02:00; Tuesday's runs 24 hours. */
const overlapping: BusinessHours = {
  timeZone: "Asia/Kolkata",
  week: [
    null,
    { open: "20:00", close: "04:00" },
    { open: "02:00", close: "24:00" },
    { open: "00:00", close: "06:00" },
    null,
    null,
    null,
  ],
  holidays: [],
};

// 2027-01-25 is a Monday; times are written in the zone's offset so the table reads as the clock on the wall.
describe("workingMinutes", () => {
  it.each<[string, BusinessHours, string, string, number]>([
    ["inside one day", india, "2027-01-25T10:00+05:30", "2027-01-25T11:30+05:30", 90],
    ["before opening counts from 09:00", india, "2027-01-25T07:00+05:30", "2027-01-25T09:15+05:30", 15],
    ["overnight: evening to next morning", india, "2027-01-27T17:00+05:30", "2027-01-28T10:00+05:30", 120],
    ["weekend: Friday evening to Monday", india, "2027-01-29T17:30+05:30", "2027-02-01T09:30+05:30", 60],
    ["holiday: Monday to Wednesday over Republic Day", india, "2027-01-25T17:00+05:30", "2027-01-27T10:00+05:30", 120],
    ["a whole holiday counts nothing", india, "2027-01-26T00:00+05:30", "2027-01-27T00:00+05:30", 0],
    ["night shift across midnight", nights, "2027-01-25T23:00+05:30", "2027-01-26T07:00+05:30", 420],
    ["night shift, daytime counts nothing", nights, "2027-01-26T07:00+05:30", "2027-01-26T21:00+05:30", 0],
    ["across DST (spring): the day has 23 hours", newYork, "2026-03-08T00:00-05:00", "2026-03-09T00:00-04:00", 1380],
    ["across DST (autumn): the day has 25 hours", newYork, "2026-11-01T00:00-04:00", "2026-11-02T00:00-05:00", 1500],
    ["across DST: 09:00–17:00 both sides", ny9to5, "2026-03-07T16:00-05:00", "2026-03-09T10:00-04:00", 600],
    ["no hours set: every minute", always, "2027-01-26T00:00+05:30", "2027-01-27T00:00+05:30", 1440],
    ["backwards is nothing", india, "2027-01-25T11:00+05:30", "2027-01-25T10:00+05:30", 0],
    // 01:00-04:00 is Monday's shift, 02:00-05:00 Tuesday's: four hours worked, not six.
    ["overlapping shifts count once", overlapping, "2027-01-26T01:00+05:30", "2027-01-26T05:00+05:30", 240],
    // Monday 20:00 to Wednesday 06:00 is one unbroken stretch of 34 hours.
    ["overlapping shifts: one stretch", overlapping, "2027-01-25T12:00+05:30", "2027-01-27T12:00+05:30", 2040],
  ])("%s", (_name, hours, from, to, minutes) => {
    expect(workingMinutes(new Date(from), new Date(to), hours)).toBe(minutes);
  });
});

describe("dueAfter", () => {
  it.each<[string, BusinessHours, string, number, string]>([
    ["inside the day", india, "2027-01-25T10:00+05:30", 60, "2027-01-25T11:00+05:30"],
    ["overnight: carries into the next morning", india, "2027-01-27T17:30+05:30", 60, "2027-01-28T09:30+05:30"],
    ["out of hours starts at opening", india, "2027-01-27T20:00+05:30", 30, "2027-01-28T09:30+05:30"],
    ["weekend: Friday to Monday", india, "2027-01-29T17:00+05:30", 120, "2027-02-01T10:00+05:30"],
    ["holiday skipped", india, "2027-01-25T17:00+05:30", 120, "2027-01-27T10:00+05:30"],
    ["night shift past midnight", nights, "2027-01-25T21:00+05:30", 180, "2027-01-26T01:00+05:30"],
    ["across DST (spring)", ny9to5, "2026-03-07T16:00-05:00", 120, "2026-03-08T10:00-04:00"],
    ["across DST (autumn)", newYork, "2026-11-01T00:00-04:00", 1440, "2026-11-01T23:00-05:00"],
    ["no hours set", always, "2027-01-26T23:00+05:30", 90, "2027-01-27T00:30+05:30"],
    ["overlapping shifts count once", overlapping, "2027-01-26T01:00+05:30", 240, "2027-01-26T05:00+05:30"],
  ])("%s", (_name, hours, start, minutes, due) => {
    expect(dueAfter(new Date(start), minutes, hours)?.toISOString()).toBe(new Date(due).toISOString());
  });

  it("agrees with workingMinutes", () => {
    const start = new Date("2027-01-22T15:47+05:30");
    for (const minutes of [1, 59, 540, 541, 2000, 10_000]) {
      const due = dueAfter(start, minutes, india);
      expect(due && workingMinutes(start, due, india)).toBe(minutes);
    }
  });

  it("has no due time when every day is closed", () => {
    const closed: BusinessHours = { timeZone: "UTC", week: Array.from({ length: 7 }, () => null), holidays: [] };
    expect(dueAfter(new Date("2027-01-25T10:00Z"), 10, closed)).toBeNull();
  });
});

describe("zonedInstant", () => {
  it.each<[string, string, string]>([
    ["Asia/Kolkata", "2027-01-25T09:00Z", "2027-01-25T03:30Z"],
    ["America/New_York", "2026-07-01T09:00Z", "2026-07-01T13:00Z"],
    ["America/New_York", "2026-01-01T09:00Z", "2026-01-01T14:00Z"],
    // 02:30 does not happen on 8 March 2026 in New York: moved forward by the hour skipped (03:30 EDT).
    ["America/New_York", "2026-03-08T02:30Z", "2026-03-08T07:30Z"],
    // 01:30 happens twice on 1 November 2026: the first (EDT).
    ["America/New_York", "2026-11-01T01:30Z", "2026-11-01T05:30Z"],
  ])("%s %s → %s", (zone, wall, instant) => {
    expect(new Date(zonedInstant(Date.parse(wall), zone)).toISOString()).toBe(new Date(instant).toISOString());
  });
});
