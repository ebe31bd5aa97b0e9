import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Progress, Typography } from "antd";
import type { ReportRecord } from "../../../../contract";
import { formatCount, formatDateTime } from "../../../shell/format";
import { formatBytes } from "../../reports/components/report-format";

const FORMAT_LABEL = { csv: "CSV", xlsx: "Excel" } as const;

/**
 * Where the page's export stands: written rows while the job works (the total is not known before the last page:
 * counting millions of rows first would cost as much as writing them), then the file's size and its download.
 */
export function LogExportPanel({
  record,
  downloading,
  onDownload,
  onClose,
}: {
  record: ReportRecord;
  downloading: boolean;
  onDownload: () => void;
  onClose: () => void;
}) {
  const what = `${FORMAT_LABEL[record.format]} export`;
  const common = { showIcon: true, closable: true, onClose, style: { marginBottom: 16 } } as const;
  if (record.status === "queued" || record.status === "running")
    return (
      <Alert
        {...common}
        type="info"
        data-testid="log-export"
        message={`${what}: writing the file`}
        description={
          <Flex vertical gap={4}>
            <Progress percent={record.progress} status="active" aria-label="Export progress" />
            <Typography.Text type="secondary">{formatCount(record.rowsDone)} rows written so far</Typography.Text>
          </Flex>
        }
      />
    );
  if (record.status === "ready")
    return (
      <Alert
        {...common}
        type="success"
        data-testid="log-export"
        message={`${what} ready: ${formatCount(record.rowsDone)} rows, ${formatBytes(record.size)}`}
        description={`Kept until ${formatDateTime(record.expiresAt)}.`}
        action={
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={onDownload}>
            Download
          </Button>
        }
      />
    );
  return (
    <Alert
      {...common}
      type={record.status === "failed" ? "error" : "warning"}
      data-testid="log-export"
      message={
        record.status === "failed"
          ? `${what} failed: ${record.failureReason ?? "try again"}`
          : `${what} expired: export again`
      }
    />
  );
}
