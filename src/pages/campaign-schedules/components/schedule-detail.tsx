import { Card, Empty, Spin, Table, Tabs, Tag, Typography } from "antd";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { ScheduleRunRecord } from "../../../../contract/calls/campaign-schedules";
import { formatDateTime } from "../../../shell/format";
import { reportPath } from "../../campaigns/components/campaign-table";
import type { useSchedules } from "./use-schedules";

const RunsCalendar = lazy(async () => ({ default: (await import("./runs-calendar")).RunsCalendar }));

const RUN_TAG: Record<string, { color: string; label: string }> = {
  waiting: { color: "blue", label: "Reading audience" },
  started: { color: "green", label: "Started" },
  not_run: { color: "red", label: "Not run" },
};

type Detail = NonNullable<ReturnType<typeof useSchedules>["detail"]>;

/** One schedule's upcoming runs (a list and a calendar) and its run history with links to each run's report. */
export function ScheduleDetail({ detail, loading }: { detail: Detail | null; loading: boolean }) {
  if (loading || !detail)
    return (
      <Card>
        <Spin aria-label="Loading schedule" />
      </Card>
    );
  return (
    <Card title={`${detail.name}: ${detail.ruleText}`} style={{ marginTop: 16 }}>
      <Tabs
        items={[
          {
            key: "next",
            label: "Upcoming runs",
            children: detail.nextRuns.length ? (
              <Suspense fallback={<Spin aria-label="Loading calendar" />}>
                <ol aria-label="Next runs" style={{ columns: 2, marginBottom: 16 }}>
                  {detail.nextRuns.map((r) => (
                    <li key={r}>{formatDateTime(r)}</li>
                  ))}
                </ol>
                <RunsCalendar runs={detail.nextRuns} />
              </Suspense>
            ) : (
              <Empty description={detail.status === "paused" ? "Paused: no run is planned" : "No run left"} />
            ),
          },
          {
            key: "history",
            label: `Run history (${detail.runs.length})`,
            children: (
              <Table<ScheduleRunRecord>
                rowKey="id"
                size="small"
                dataSource={detail.runs}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                locale={{ emptyText: "No run yet" }}
                columns={[
                  { title: "Planned", dataIndex: "plannedAt", render: (iso: string) => formatDateTime(iso) },
                  {
                    title: "Run",
                    key: "state",
                    render: (_, r) => (
                      <>
                        <Tag color={RUN_TAG[r.state]?.color}>{RUN_TAG[r.state]?.label ?? r.state}</Tag>
                        {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                      </>
                    ),
                  },
                  {
                    title: "Campaign",
                    key: "campaign",
                    render: (_, r) =>
                      r.campaignId ? (
                        <Link to={reportPath(r.campaignId, "../")} relative="path">
                          {r.campaignName}
                        </Link>
                      ) : (
                        "—"
                      ),
                  },
                  { title: "Campaign status", dataIndex: "campaignStatus", render: (s: string | null) => s ?? "—" },
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
