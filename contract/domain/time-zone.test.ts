import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE, isTimeZone, timeZoneList } from "./time-zone";

describe("isTimeZone", () => {
  it.each([
    [DEFAULT_TIME_ZONE, true],
    ["Asia/Dubai", true],
    ["Europe/London", true],
    ["UTC", true],
    ["", false],
    ["Etc/GMT+5", true],
    ["IST", false],
    ["EST", false],
    ["Asia/Atlantis", false],
    ["Asia/Kolkata; drop table users", false],
  ])("%j → %s", (zone, known) => {
    expect(isTimeZone(zone)).toBe(known);
  });
});

describe("timeZoneList", () => {
  it("puts the person's zone first and leaves out its aliases", () => {
    const list = timeZoneList(DEFAULT_TIME_ZONE);
    expect(list[0]).toBe(DEFAULT_TIME_ZONE);
    expect(list).not.toContain("Asia/Calcutta");
    expect(list).toContain("Asia/Dubai");
    expect(new Set(list).size).toBe(list.length);
  });
});
