import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { IngestProgressRecord, PreCheckRecord } from "../../../../../contract/calls/campaign-records";
import { INGEST_EXCLUSIONS, SKIP_REASONS } from "../../../../../contract/domain/campaigns";
import { CheckStep, startProblem } from "./check-step";
import { IngestStep } from "./ingest-step";

const check = (over: Partial<PreCheckRecord> = {}): PreCheckRecord => ({
  campaignId: "c1",
  valid: 10,
  sendable: 8,
  skipped: [{ reason: "suppressed", label: "On the suppression list", count: 2 }],
  skippedNumbers: [],
  blockers: [],
  window: { openNow: true, nextOpenAt: null, message: null },
  messagingLimit: null,
  estimate: {
    channel: "sms",
    perMessage: 0.25,
    segments: 1,
    smsParts: 8,
    category: null,
    expected: 2,
    failover: 0,
    total: 2,
  },
  balance: 500,
  enoughBalance: true,
  ...over,
});

const report = (over: Partial<IngestProgressRecord> = {}): IngestProgressRecord => ({
  campaignId: "c1",
  status: "ready",
  statusReason: null,
  percent: 100,
  rowsRead: 12,
  valid: 10,
  invalid: 1,
  duplicates: 1,
  rejectedSample: [{ row: 4, value: "12345", kind: "invalid", reason: "Not a phone number" }],
  excluded: [
    { reason: "invalid", label: INGEST_EXCLUSIONS.invalid, count: 1 },
    { reason: "dltNumber", label: INGEST_EXCLUSIONS.dltNumber, count: 0 },
    { reason: "dltVariable", label: INGEST_EXCLUSIONS.dltVariable, count: 0 },
    { reason: "duplicate", label: INGEST_EXCLUSIONS.duplicate, count: 1 },
  ],
  ...over,
});

describe("pre-send check", () => {
  it.each([
    [undefined, "The pre-send check has not answered yet"],
    [check({ blockers: [{ code: "dlt", message: "DLT template id missing" }] }), "DLT template id missing"],
    [check({ sendable: 0 }), "No recipient can be sent to"],
    [
      check({ enoughBalance: false, balance: 1 }),
      "Your balance (₹1.00) does not cover the estimate (₹2.00): request more balance first",
    ],
    [check(), null],
  ])("startProblem %#", (c, problem) => expect(startProblem(c)).toBe(problem));

  it("shows what is sent and skipped, the cost in ₹ and the balance", () => {
    render(
      <CheckStep
        check={check()}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={() => undefined}
      />,
    );
    expect(screen.getByText("Skipped: On the suppression list")).toBeInTheDocument();
    expect(screen.getAllByText("₹2.00").length).toBeGreaterThan(0);
    expect(screen.getByText("₹500.00")).toBeInTheDocument();
  });

  it("names who is skipped and why, and how many more the counts hold", () => {
    const skippedNumbers = [
      { number: "+919812300001", reason: "suppressed", label: "On the suppression list", detail: 'Replied "STOP"' },
    ] satisfies PreCheckRecord["skippedNumbers"];
    const { unmount } = render(
      <CheckStep
        check={check({ skippedNumbers })}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={() => undefined}
      />,
    );
    const row = screen.getByText("+919812300001").closest("li");
    expect(row).toHaveTextContent('On the suppression list · Replied "STOP"');
    expect(screen.getByText("and 1 more")).toBeInTheDocument();
    unmount();
    render(
      <CheckStep
        check={check({ skipped: [{ reason: "suppressed", label: "On the suppression list", count: 0 }] })}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={() => undefined}
      />,
    );
    expect(screen.queryByText("Who is skipped")).toBeNull();
  });

  it("names the DLT route's skip reasons only when they skip someone", () => {
    const skipped = [
      { reason: "suppressed", label: SKIP_REASONS.suppressed, count: 0 },
      { reason: "dltNumber", label: SKIP_REASONS.dltNumber, count: 2 },
      { reason: "dltVariable", label: SKIP_REASONS.dltVariable, count: 0 },
    ] satisfies PreCheckRecord["skipped"];
    render(
      <CheckStep
        check={check({ skipped })}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={() => undefined}
      />,
    );
    expect(screen.getByText(`Skipped: ${SKIP_REASONS.dltNumber}`)).toBeInTheDocument();
    expect(screen.queryByText(`Skipped: ${SKIP_REASONS.dltVariable}`)).toBeNull();
  });

  it("names the WhatsApp messaging limit as a skip reason only where the channel has that limit", () => {
    const skipped = [
      { reason: "suppressed", label: "On the suppression list", count: 0 },
      { reason: "messagingLimit", label: "Over the WhatsApp messaging limit for 24 hours", count: 0 },
    ] satisfies PreCheckRecord["skipped"];
    const { unmount } = render(
      <CheckStep
        check={check({ skipped })}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={() => undefined}
      />,
    );
    expect(screen.getByText("Skipped: On the suppression list")).toBeInTheDocument();
    expect(screen.queryByText("Skipped: Over the WhatsApp messaging limit for 24 hours")).toBeNull();
    unmount();
    render(
      <CheckStep
        check={check({ skipped, messagingLimit: { used: 1, limit: 1000, headroom: 999 } })}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={() => undefined}
      />,
    );
    expect(screen.getByText("Skipped: Over the WhatsApp messaging limit for 24 hours")).toBeInTheDocument();
  });
});

describe("pre-send check: excluded rows", () => {
  it("names the DND skips when there are some, and downloads every excluded row", () => {
    const onDownload = vi.fn();
    const skipped = [
      { reason: "suppressed", label: SKIP_REASONS.suppressed, count: 0 },
      { reason: "dnd", label: SKIP_REASONS.dnd, count: 2 },
    ] satisfies PreCheckRecord["skipped"];
    const skippedNumbers = [{ number: "+919800000001", reason: "dnd" as const, label: SKIP_REASONS.dnd, detail: null }];
    render(
      <CheckStep
        check={check({ skipped, skippedNumbers })}
        loading={false}
        error={null}
        onRetry={() => undefined}
        onTestSend={async () => []}
        onDownload={onDownload}
      />,
    );
    expect(screen.getByText(`Skipped: ${SKIP_REASONS.dnd}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Download excluded rows/ }));
    expect(onDownload).toHaveBeenCalled();
  });
});

describe("ingest report", () => {
  it("counts and the first rejected rows, with the download", () => {
    const onDownload = vi.fn();
    render(
      <IngestStep
        report={report()}
        phase="ready"
        error={null}
        busy={false}
        onDownload={onDownload}
        onFix={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    expect(screen.getByText("12345")).toBeInTheDocument();
    expect(screen.getByText("1 more in the download")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Download excluded rows/ }));
    expect(onDownload).toHaveBeenCalled();
  });

  it("counts the excluded rows by reason, the lists' ones once the audience is read", () => {
    const excluded = [
      { reason: "invalid", label: INGEST_EXCLUSIONS.invalid, count: 1 },
      { reason: "dltNumber", label: INGEST_EXCLUSIONS.dltNumber, count: 2 },
      { reason: "dltVariable", label: INGEST_EXCLUSIONS.dltVariable, count: 3 },
      { reason: "duplicate", label: INGEST_EXCLUSIONS.duplicate, count: 4 },
      { reason: "suppressed", label: SKIP_REASONS.suppressed, count: 5 },
      { reason: "dnd", label: SKIP_REASONS.dnd, count: 6 },
    ] satisfies IngestProgressRecord["excluded"];
    render(
      <IngestStep
        report={report({ excluded })}
        phase="ready"
        error={null}
        busy={false}
        onDownload={() => undefined}
        onFix={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    const table = screen.getByText("Excluded rows by reason").closest(".ant-descriptions") as HTMLElement;
    for (const e of excluded)
      expect(
        within(table).getByText(e.label).closest(".ant-descriptions-item-label")?.nextElementSibling,
      ).toHaveTextContent(String(e.count));
  });

  it("a failed ingest names the reason and leads back to the audience", () => {
    const onFix = vi.fn();
    render(
      <IngestStep
        report={report({ status: "failed", statusReason: "No phone column found", valid: 0 })}
        phase="failed"
        error={null}
        busy={false}
        onDownload={() => undefined}
        onFix={onFix}
        onDiscard={() => undefined}
      />,
    );
    expect(screen.getByText("No phone column found")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Fix the audience" }));
    expect(onFix).toHaveBeenCalled();
  });

  it("while reading, a progress bar with rows read", () => {
    render(
      <IngestStep
        report={report({ status: "validating", percent: 42.5, rowsRead: 4200 })}
        phase="running"
        error={null}
        busy={false}
        onDownload={() => undefined}
        onFix={() => undefined}
        onDiscard={() => undefined}
      />,
    );
    expect(screen.getByText("Reading the audience… 4,200 rows read")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "42");
  });
});
