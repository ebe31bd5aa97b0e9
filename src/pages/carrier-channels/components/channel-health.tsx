import { CheckCircleOutlined, ClockCircleOutlined, ThunderboltOutlined, WarningOutlined } from "@ant-design/icons";
import { Col, Row, Space, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { formatCount, formatDateTime } from "../../../shell/format";

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Space align="start" size={10}>
      <span style={{ fontSize: 18, lineHeight: "22px" }}>{icon}</span>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12, display: "block" }}>
          {label}
        </Typography.Text>
        {children}
      </div>
    </Space>
  );
}

/**
 * The channel's health: the last success, the last error with the provider's code, and the throughput (`per`: what
 * the rate applies to, a WhatsApp number or an SMPP bind).
 */
export function ChannelHealth({ channel, per = "per number" }: { channel: CarrierChannelRecord; per?: string }) {
  const h = channel.health;
  const perMinute = h.sentLastMinute;
  return (
    <Row gutter={[16, 12]}>
      <Col xs={24} md={8}>
        <Fact icon={<CheckCircleOutlined style={{ color: "#52c41a" }} />} label="Last success">
          <Typography.Text>{h.lastSuccessAt ? formatDateTime(h.lastSuccessAt) : "Not yet"}</Typography.Text>
        </Fact>
      </Col>
      <Col xs={24} md={8}>
        <Fact
          icon={
            h.lastError ? (
              <WarningOutlined style={{ color: "#faad14" }} />
            ) : (
              <ClockCircleOutlined style={{ color: "#bfbfbf" }} />
            )
          }
          label="Last error"
        >
          {h.lastError ? (
            <Tooltip title={h.lastError}>
              <Typography.Text>
                {h.lastErrorCode ? `${h.lastErrorCode} · ` : ""}
                {h.lastErrorAt ? formatDateTime(h.lastErrorAt) : ""}
              </Typography.Text>
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 2 }}
                style={{ fontSize: 12, margin: 0, maxWidth: 320 }}
              >
                {h.lastError}
              </Typography.Paragraph>
            </Tooltip>
          ) : (
            <Typography.Text>None</Typography.Text>
          )}
        </Fact>
      </Col>
      <Col xs={24} md={8}>
        <Fact icon={<ThunderboltOutlined style={{ color: "#1677ff" }} />} label="Throughput">
          <Typography.Text>
            {channel.messagesPerSecond} messages/s {per}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: "block" }}>
            {perMinute > 0
              ? `${formatCount(perMinute)} sent in the last minute (${(perMinute / 60).toFixed(1)}/s)`
              : "Nothing sent in the last minute"}
          </Typography.Text>
        </Fact>
      </Col>
    </Row>
  );
}
