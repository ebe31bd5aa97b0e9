import { DownloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Descriptions, Flex, Progress, Row, Statistic, Table, Typography } from "antd";
import type { IngestProgressRecord } from "../../../../../contract/calls/campaign-records";
import { formatCount } from "../../../../shell/format";
import type { IngestPhase } from "./wizard-state";

/**
 * Rows left out, by reason (each with its row in the download): the ingest's, then the numbers on the account's lists.
 */
function ExcludedCounts({ report }: { report: IngestProgressRecord }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} title="Excluded rows by reason">
      {report.excluded.map((e) => (
        <Descriptions.Item key={e.reason} label={e.label}>
          {formatCount(e.count)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** Step 4: the server reading the audience (polled), then valid / invalid / duplicates and the first rejected rows. */
export function IngestStep({
  report,
  phase,
  error,
  busy,
  onDownload,
  onFix,
  onDiscard,
}: {
  report?: IngestProgressRecord;
  phase: IngestPhase;
  error: string | null;
  busy: boolean;
  onDownload: () => void;
  onFix: () => void;
  onDiscard: () => void;
}) {
  const rejected = (report?.invalid ?? 0) + (report?.duplicates ?? 0);
  const excludedTotal = report?.excluded.reduce((n, e) => n + e.count, 0) ?? 0;
  return (
    <Flex vertical gap={16}>
      {phase === "running" && (
        <Card size="small" aria-label="Ingest progress">
          <Typography.Text>{`Reading the audience… ${formatCount(report?.rowsRead ?? 0)} rows read`}</Typography.Text>
          <Progress percent={Math.floor(report?.percent ?? 0)} status="active" />
        </Card>
      )}
      {error && <Alert type="error" showIcon message={error} />}
      {phase === "failed" && (
        <Alert
          type="error"
          showIcon
          message="The audience could not be used"
          description={report?.statusReason ?? "The server refused the audience."}
          action={<Button onClick={onFix}>Fix the audience</Button>}
        />
      )}
      {report && (
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Statistic title="Rows read" value={report.rowsRead} formatter={(v) => formatCount(Number(v))} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="Valid"
              value={report.valid}
              valueStyle={{ color: "#389e0d" }}
              formatter={(v) => formatCount(Number(v))}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="Invalid"
              value={report.invalid}
              valueStyle={{ color: report.invalid ? "#cf1322" : undefined }}
              formatter={(v) => formatCount(Number(v))}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title="Duplicates"
              value={report.duplicates}
              valueStyle={{ color: report.duplicates ? "#d48806" : undefined }}
              formatter={(v) => formatCount(Number(v))}
            />
          </Col>
        </Row>
      )}
      {report?.savedContacts && (
        <Typography.Text aria-label="Saved to contacts" aria-live="polite">
          {`Saved to contacts: ${formatCount(report.savedContacts.created)} created, ${formatCount(report.savedContacts.updated)} updated, ${formatCount(report.savedContacts.skipped)} left as they were`}
        </Typography.Text>
      )}
      {report && excludedTotal > 0 && <ExcludedCounts report={report} />}
      {report && report.rejectedSample.length > 0 && (
        <Card
          size="small"
          title="Rejected rows"
          extra={
            <Button icon={<DownloadOutlined />} onClick={onDownload} loading={busy} disabled={phase === "running"}>
              Download excluded rows
            </Button>
          }
        >
          <Table
            size="small"
            rowKey={(r) => `${r.row}-${r.kind}`}
            pagination={false}
            dataSource={report.rejectedSample}
            columns={[
              { title: "Row", dataIndex: "row", width: 80 },
              { title: "Value", dataIndex: "value" },
              { title: "Kind", dataIndex: "kind", width: 110 },
              { title: "Reason", dataIndex: "reason" },
            ]}
            footer={
              rejected > report.rejectedSample.length
                ? () => `${formatCount(rejected - report.rejectedSample.length)} more in the download`
                : undefined
            }
          />
        </Card>
      )}
      {phase === "ready" && (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Alert
            type="success"
            showIcon
            message={`${formatCount(report?.valid ?? 0)} recipients ready. Next: the pre-send check and the cost.`}
          />
          <Button onClick={onDiscard} loading={busy}>
            Discard and change the audience
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
