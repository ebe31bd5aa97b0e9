import { describe, expect, it } from "vitest";
import type { ReportRecord } from "../../../../contract";
import { formatBytes, isReportProgress, timeUntil, withProgress } from "./report-format";

const record: ReportRecord = {
  _id: "r1",
  status: "running",
  progress: 40,
  rowsDone: 400,
  rowsTotal: 1000,
  failureReason: null,
  from: "2025-03-01",
  to: "2025-03-07",
  channel: "sms",
  campaignId: null,
  campaignName: null,
  detailedCampaignReport: true,
  format: "csv",
  fileName: null,
  size: null,
  expiresAt: null,
  userId: "u1",
  ownerName: "Manager",
  createdAt: "2025-03-08T10:00:00.000Z",
  startedAt: "2025-03-08T10:00:01.000Z",
  completedAt: null,
};

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [812, "812 B"],
    [1024, "1.0 KB"],
    [12_700, "12.4 KB"],
    [3_355_443, "3.2 MB"],
    [150 * 1024 * 1024, "150 MB"],
    [null, "—"],
  ])("%s → %s", (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe("timeUntil", () => {
  const now = Date.parse("2025-03-08T10:00:00Z");
  it.each([
    ["2025-03-08T10:00:30Z", "in under a minute"],
    ["2025-03-08T10:12:00Z", "in 12 min"],
    ["2025-03-08T11:00:00Z", "in 1 hour"],
    ["2025-03-09T15:00:00Z", "in 29 hours"],
    ["2025-03-11T10:00:00Z", "in 3 days"],
    ["2025-03-08T09:00:00Z", "now"],
  ])("%s → %s", (at, text) => expect(timeUntil(at, now)).toBe(text));
});

describe("withProgress", () => {
  const push = {
    reportId: "r1",
    status: "running" as const,
    progress: 70,
    rowsDone: 700,
    rowsTotal: 1000,
    failureReason: null,
    at: "",
  };
  it("lays a push over its own row", () => {
    expect(withProgress(record, push)).toMatchObject({ progress: 70, rowsDone: 700 });
    expect(withProgress(record, { ...push, status: "ready", progress: 100 })).toMatchObject({
      status: "ready",
      progress: 100,
    });
  });
  it("ignores another report's push and one older than the row", () => {
    expect(withProgress(record, { ...push, reportId: "r2" })).toBe(record);
    expect(withProgress({ ...record, status: "ready" }, push)).toMatchObject({ status: "ready" });
  });
  it("knows a push when it sees one", () => {
    expect(isReportProgress(push)).toBe(true);
    expect(isReportProgress({ campaignId: "c" })).toBe(false);
  });
});
