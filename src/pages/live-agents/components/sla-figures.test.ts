import { describe, expect, it } from "vitest";
import { workingLeft } from "../../conversations/components/inbox/sla-tag";
import { waitedFor } from "../wallboard";
import { attainment } from "./metrics-drawer";

describe("SLA figures as the screens say them", () => {
  it.each([
    [0, "< 1 m"],
    [45, "45 m"],
    [60, "1 h"],
    [185, "3 h 5 m"],
    [1440, "1 d"],
    [3120, "2 d 4 h"],
  ])("%i working minutes left reads %j", (minutes, text) => {
    expect(workingLeft(minutes)).toBe(text);
  });

  it.each([
    [0, 0, "—"],
    [11, 12, "92% (11 of 12)"],
    [3, 3, "100% (3 of 3)"],
    [0, 4, "0% (0 of 4)"],
  ])("%i met of %i reads %j", (met, total, text) => {
    expect(attainment(met, total)).toBe(text);
  });

  it.each([
    ["2026-12-07T05:00:00Z", "2026-12-07T05:08:30Z", "8 min"],
    ["2026-12-07T05:00:00Z", "2026-12-07T07:05:00Z", "2 h 5 min"],
    ["2026-12-07T05:00:00Z", "2026-12-07T04:59:00Z", "0 min"],
  ])("waiting since %s, at %s, reads %j", (since, now, text) => {
    expect(waitedFor(since, Date.parse(now))).toBe(text);
  });
});
