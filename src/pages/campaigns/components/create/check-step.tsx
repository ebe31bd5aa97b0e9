import { CheckCircleFilled, DownloadOutlined, WarningFilled } from "@ant-design/icons";
import { Alert, Button, Card, Col, Descriptions, Flex, Input, List, Row, Spin, Statistic, Typography } from "antd";
import { useState } from "react";
import type { PreCheckRecord } from "../../../../../contract/calls/campaign-records";
import { TEST_SEND_MAX } from "../../../../../contract/domain/campaigns";
import { formatCount, formatDateTime, formatINR } from "../../../../shell/format";
import { estimateLabel, holdLabel, perMessageLabel } from "../cost-labels";
import { splitNumbers } from "./audience";

type TestResult = { number: string; accepted: boolean; reason: string | null }[];

/** Whether the check lets the campaign start, and why not. */
export function startProblem(c: PreCheckRecord | undefined): string | null {
  if (!c) return "The pre-send check has not answered yet";
  if (c.blockers.length) return c.blockers.map((b) => b.message).join(" · ");
  if (c.sendable === 0) return "No recipient can be sent to";
  if (!c.enoughBalance)
    return `Your balance (${formatINR(c.balance)}) does not cover the estimate (${formatINR(c.estimate.total)}): request more balance first`;
  return null;
}

function TestSend({ onSend, canSend }: { onSend: (numbers: string[]) => Promise<TestResult>; canSend: boolean }) {
  const [text, setText] = useState("");
  const [result, setResult] = useState<TestResult | null>(null);
  const [sending, setSending] = useState(false);
  const numbers = splitNumbers(text);
  const tooMany = numbers.length > TEST_SEND_MAX;
  return (
    <Card size="small" title="Send a test">
      <Flex gap={8} wrap>
        <Input
          aria-label="Test numbers"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={`Up to ${TEST_SEND_MAX} numbers, comma separated`}
          style={{ flex: 1, minWidth: 220 }}
          status={tooMany ? "error" : undefined}
        />
        <Button
          disabled={!canSend || !numbers.length || tooMany}
          loading={sending}
          onClick={async () => {
            setSending(true);
            try {
              setResult(await onSend(numbers));
            } catch {
              setResult(null);
            } finally {
              setSending(false);
            }
          }}
        >
          Send test
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
        A number that is one of your contacts gets its contact values; others get each value&apos;s fallback. File
        columns show as [column].
      </Typography.Paragraph>
      {tooMany && <Typography.Text type="danger">{`At most ${TEST_SEND_MAX} numbers`}</Typography.Text>}
      {result && (
        <List
          size="small"
          dataSource={result}
          renderItem={(r) => (
            <List.Item>
              {r.accepted ? (
                <CheckCircleFilled style={{ color: "#389e0d" }} />
              ) : (
                <WarningFilled style={{ color: "#cf1322" }} />
              )}{" "}
              {r.number} {r.reason ?? (r.accepted ? "sent" : "")}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

type SkippedNumber = PreCheckRecord["skippedNumbers"][number];

/** The messaging limit is named only where the channel has one; a DLT route's reasons only when they skip someone. */
const shownSkip =
  (check: PreCheckRecord) =>
  (s: PreCheckRecord["skipped"][number]): boolean =>
    s.reason === "messagingLimit"
      ? check.messagingLimit !== null
      : s.reason === "dltNumber" || s.reason === "dltVariable" || s.reason === "dnd"
        ? s.count > 0
        : true;

/** Who the start leaves out, by number and why; the counts above cover those past the list's length. */
function SkippedNumbers({ check, onDownload }: { check: PreCheckRecord; onDownload: () => void }) {
  const total = check.skipped.reduce((n, s) => n + s.count, 0);
  if (!check.skippedNumbers.length) return null;
  const more = total - check.skippedNumbers.length;
  return (
    <Card
      size="small"
      title="Who is skipped"
      extra={
        <Button icon={<DownloadOutlined />} onClick={onDownload}>
          Download excluded rows
        </Button>
      }
    >
      <List<SkippedNumber>
        size="small"
        rowKey="number"
        dataSource={check.skippedNumbers}
        renderItem={(s) => (
          <List.Item data-skipped={s.number}>
            <Typography.Text strong>{s.number}</Typography.Text>
            <Typography.Text>{s.detail ? `${s.label} · ${s.detail}` : s.label}</Typography.Text>
          </List.Item>
        )}
      />
      {more > 0 && <Typography.Text>{`and ${formatCount(more)} more`}</Typography.Text>}
    </Card>
  );
}

/** Step 5: what the server will send and skip, what blocks the start, the cost estimate against the balance. */
export function CheckStep({
  check,
  loading,
  error,
  onRetry,
  onTestSend,
  onDownload,
}: {
  check?: PreCheckRecord;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onTestSend: (n: string[]) => Promise<TestResult>;
  /** The excluded rows as CSV: the audience's rejected rows and every recipient the check skips. */
  onDownload: () => void;
}) {
  if (error)
    return <Alert type="error" showIcon message={error} action={<Button onClick={onRetry}>Try again</Button>} />;
  if (!check)
    return (
      <Spin spinning={loading}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  const problem = startProblem(check);
  // The server lists every skip reason; the WhatsApp messaging limit only means something where the check has one.
  return (
    <Flex vertical gap={16}>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic title="Will be sent" value={check.sendable} formatter={(v) => formatCount(Number(v))} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Skipped" value={check.valid - check.sendable} formatter={(v) => formatCount(Number(v))} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Estimated cost" value={estimateLabel(check.estimate.expected, check.estimate.total)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="Balance"
            value={formatINR(check.balance)}
            valueStyle={{ color: check.enoughBalance ? undefined : "#cf1322" }}
          />
        </Col>
      </Row>
      {check.blockers.map((b) => (
        <Alert key={b.code} type="error" showIcon message={b.message} />
      ))}
      {!check.enoughBalance && <Alert type="error" showIcon message="Not enough balance" description={problem} />}
      {check.window.message && (
        <Alert
          type={check.window.openNow ? "info" : "warning"}
          showIcon
          message={check.window.message}
          description={
            check.window.nextOpenAt ? `Next window opens ${formatDateTime(check.window.nextOpenAt)}` : undefined
          }
        />
      )}
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Per message">{perMessageLabel(check.estimate)}</Descriptions.Item>
        <Descriptions.Item label="Held at start">{holdLabel(check.estimate)}</Descriptions.Item>
        {check.skipped.filter(shownSkip(check)).map((s) => (
          <Descriptions.Item key={s.reason} label={`Skipped: ${s.label}`}>
            {formatCount(s.count)}
          </Descriptions.Item>
        ))}
        {check.messagingLimit && (
          <Descriptions.Item label="WhatsApp messaging limit">{`${formatCount(check.messagingLimit.used)} of ${formatCount(check.messagingLimit.limit)} used in 24 h · ${formatCount(check.messagingLimit.headroom)} left`}</Descriptions.Item>
        )}
      </Descriptions>
      <SkippedNumbers check={check} onDownload={onDownload} />
      <TestSend onSend={onTestSend} canSend={!check.blockers.length} />
    </Flex>
  );
}
