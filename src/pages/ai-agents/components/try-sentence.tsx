import { ExperimentOutlined } from "@ant-design/icons";
import { Alert, Card, Input, Progress, Space, Tag, Typography } from "antd";
import { ACTION_COLOR, ACTION_LABEL, percent } from "./labels";
import type { useIntents } from "./use-intents";

/** The live console: type a sentence, see the intent, its confidence against the threshold, and the top three. */
export function TrySentence({ i }: { i: ReturnType<typeof useIntents> }) {
  const r = i.result;
  const sure = r ? r.confidence >= r.threshold && r.intent !== null : false;
  return (
    <Card
      size="small"
      title={
        <Space>
          <ExperimentOutlined />
          Try a sentence
        </Space>
      }
    >
      <Input
        aria-label="Try a sentence"
        placeholder="Type what a customer might write…"
        value={i.sentence}
        onChange={(e) => i.setSentence(e.target.value)}
        allowClear
      />
      {i.classifyError && <Alert type="error" showIcon message={i.classifyError} style={{ marginTop: 12 }} />}
      {!i.sentence.trim() && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          The agent classifies it as you type, with the intents on the left.
        </Typography.Paragraph>
      )}
      {r && i.sentence.trim() && (
        <Space direction="vertical" style={{ width: "100%", marginTop: 12 }} aria-live="polite">
          <Space wrap>
            <Typography.Text strong>{r.intent ?? "No intent"}</Typography.Text>
            {r.action && <Tag color={ACTION_COLOR[r.action]}>{ACTION_LABEL[r.action]}</Tag>}
            <Tag color={sure ? "green" : "orange"}>
              {sure ? "sure enough to act" : "would hand over or look in knowledge"}
            </Tag>
          </Space>
          <div>
            <Typography.Text type="secondary">
              Confidence {percent(r.confidence)} (threshold {percent(r.threshold)})
            </Typography.Text>
            <Progress
              percent={Math.round(r.confidence * 100)}
              success={{ percent: 0 }}
              strokeColor={sure ? "#52c41a" : "#faad14"}
              showInfo={false}
            />
          </div>
          {r.top.map((t, n) => (
            <div key={t.intentId}>
              <Space style={{ width: "100%", justifyContent: "space-between" }}>
                <Typography.Text>
                  {n + 1}. {t.intent}
                </Typography.Text>
                <Typography.Text type="secondary">{t.score.toFixed(3)}</Typography.Text>
              </Space>
              <Progress
                percent={Math.round(t.score * 100)}
                size="small"
                showInfo={false}
                strokeColor={n === 0 ? undefined : "#bfbfbf"}
              />
            </div>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Classified in {r.tookMs} ms
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}
