import { DeleteOutlined, DownloadOutlined } from "@ant-design/icons";
import { useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, Descriptions, Drawer, Flex, Popconfirm, Skeleton } from "antd";
import { MSG, type ReportRecord } from "../../../../contract";
import { formatCount, formatDateTime } from "../../../shell/format";
import { useIsMobile } from "../../../shell/sidebar/use-is-mobile";
import { asProgress, formatBytes, reportKind, reportScope, timeUntil, withProgress } from "./report-format";
import { ReportStatusCell } from "./report-status";
import { periodLabel, ReportChannel } from "./reports-table";
import type { ReportsModel } from "./use-reports";

/** One report's details (reports.details), live while it runs: what it covers, its state, its file and expiry. */
export function ReportDrawer({ list }: { list: ReportsModel }) {
  const isMobile = useIsMobile();
  const { query } = useOne<ReportRecord, HttpError>({
    resource: "reports",
    id: list.openId ?? "",
    queryOptions: { enabled: Boolean(list.openId) },
    errorNotification: false,
  });
  const fetched = query.data?.data;
  // The list hears the pushes: while the report runs, its row is the fresher of the two.
  const r = fetched && list.opened ? withProgress(fetched, asProgress(list.opened)) : fetched;
  return (
    <Drawer
      title={r ? `${reportKind(r)} · ${periodLabel(r)}` : "Report"}
      open={Boolean(list.openId)}
      onClose={() => list.open(null)}
      width={isMobile ? "100%" : 560}
      extra={
        r && (
          <Flex gap={8}>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={r.status !== "ready"}
              loading={list.downloading === r._id}
              onClick={() => void list.download(r)}
            >
              Download
            </Button>
            <Popconfirm
              title="Delete this report?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => list.remove(r)}
            >
              <Button danger icon={<DeleteOutlined />} aria-label="Delete report" />
            </Popconfirm>
          </Flex>
        )
      }
    >
      {query.isError && (
        <Alert
          type="error"
          showIcon
          message={MSG.fetchReportDetails}
          description={query.error?.message !== MSG.fetchReportDetails ? query.error?.message : undefined}
        />
      )}
      {!r && !query.isError && <Skeleton active />}
      {r && (
        <Descriptions column={1} bordered size="small" labelStyle={{ width: 160 }}>
          <Descriptions.Item label="Status">
            <ReportStatusCell r={r} />
          </Descriptions.Item>
          <Descriptions.Item label="Contents">
            {r.detailedCampaignReport
              ? "Every recipient with its states and timestamps"
              : "Counts per campaign and channel"}
          </Descriptions.Item>
          <Descriptions.Item label="Campaigns">{reportScope(r)}</Descriptions.Item>
          <Descriptions.Item label="Channel">
            <ReportChannel channel={r.channel} />
          </Descriptions.Item>
          <Descriptions.Item label="Dates">{periodLabel(r)} (India time)</Descriptions.Item>
          <Descriptions.Item label="Format">{r.format === "xlsx" ? "Excel (XLSX)" : "CSV"}</Descriptions.Item>
          <Descriptions.Item label="Rows">
            {r.rowsTotal > 0 || r.status === "ready"
              ? `${formatCount(r.rowsDone)} of ${formatCount(Math.max(r.rowsTotal, r.rowsDone))}`
              : "—"}
          </Descriptions.Item>
          <Descriptions.Item label="File">
            {r.fileName ? `${r.fileName} (${formatBytes(r.size)})` : "—"}
          </Descriptions.Item>
          <Descriptions.Item label={r.status === "expired" ? "Expired" : "Expires"}>
            {r.expiresAt
              ? `${formatDateTime(r.expiresAt)}${r.status === "ready" ? ` (${timeUntil(r.expiresAt)})` : ""}`
              : "When it is ready"}
          </Descriptions.Item>
          {r.failureReason && <Descriptions.Item label="Why it failed">{r.failureReason}</Descriptions.Item>}
          <Descriptions.Item label="Requested">
            {formatDateTime(r.createdAt)} by {r.ownerName}
          </Descriptions.Item>
          <Descriptions.Item label="Started">{formatDateTime(r.startedAt)}</Descriptions.Item>
          <Descriptions.Item label="Finished">{formatDateTime(r.completedAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
