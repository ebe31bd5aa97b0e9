import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  FieldTimeOutlined,
  SyncOutlined,
} from "@ant-design/icons";
import { Flex, Progress, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import type { ReportRecord } from "../../../../contract";
import type { ReportStatus } from "../../../../contract/domain/reports";
import { formatCount, formatDateTime } from "../../../shell/format";
import { formatBytes, timeUntil } from "./report-format";

const LOOK: Record<ReportStatus, { color: string; icon: ReactNode; label: string }> = {
  queued: { color: "default", icon: <ClockCircleOutlined />, label: "Queued" },
  running: { color: "processing", icon: <SyncOutlined spin />, label: "Generating" },
  ready: { color: "success", icon: <CheckCircleFilled />, label: "Ready" },
  failed: { color: "error", icon: <CloseCircleFilled />, label: "Failed" },
  expired: { color: "default", icon: <FieldTimeOutlined />, label: "Expired" },
};

export function ReportStatusTag({ status }: { status: ReportStatus }) {
  const look = LOOK[status];
  return (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-status={status}>
      {look.label}
    </Tag>
  );
}

const small = { fontSize: 12 } as const;

/** A report's state in the list: queued, a progress bar while it runs, ready with size and expiry, failed with why. */
export function ReportStatusCell({ r }: { r: ReportRecord }) {
  if (r.status === "running") {
    return (
      <div style={{ minWidth: 180, paddingRight: 8 }}>
        <Progress percent={r.progress} size="small" status="active" aria-label="Report progress" />
        <Typography.Text type="secondary" style={small}>
          {r.rowsTotal > 0 ? `${formatCount(r.rowsDone)} of ${formatCount(r.rowsTotal)} rows` : "Counting rows…"}
        </Typography.Text>
      </div>
    );
  }
  return (
    <Flex vertical gap={2} align="flex-start">
      <ReportStatusTag status={r.status} />
      {r.status === "queued" && (
        <Typography.Text type="secondary" style={small}>
          Starts in a moment
        </Typography.Text>
      )}
      {r.status === "ready" && (
        <Tooltip title={`The file is deleted on ${formatDateTime(r.expiresAt)}`}>
          <Typography.Text type="secondary" style={small}>
            {formatBytes(r.size)} · {formatCount(r.rowsDone)} rows · expires {timeUntil(r.expiresAt)}
          </Typography.Text>
        </Tooltip>
      )}
      {r.status === "failed" && (
        <Typography.Text type="danger" style={{ ...small, maxWidth: 260 }} ellipsis={{ tooltip: r.failureReason }}>
          {r.failureReason ?? "Generation failed"}
        </Typography.Text>
      )}
      {r.status === "expired" && (
        <Typography.Text type="secondary" style={small}>
          File deleted {formatDateTime(r.expiresAt)}
        </Typography.Text>
      )}
    </Flex>
  );
}
