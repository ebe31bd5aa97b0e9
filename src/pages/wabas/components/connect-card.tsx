import { ApiOutlined, ExperimentOutlined, WhatsAppOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Row, Typography } from "antd";

export interface ConnectCardProps {
  canConnect: boolean;
  connecting: boolean;
  /** The sandbox's simulated WABA. */
  onConnect: () => void;
  /** The real one: WhatsApp Cloud API (by hand, or Embedded Signup where configured). */
  onConnectCloud?: () => void;
}

/** The empty state: nothing connected yet, and the two ways to connect. */
export function ConnectCard({ canConnect, connecting, onConnect, onConnectCloud }: ConnectCardProps) {
  return (
    <Card>
      <Empty
        image={<WhatsAppOutlined style={{ fontSize: 56, color: "#25D366" }} />}
        styles={{ image: { height: 64 } }}
        description={
          <>
            <Typography.Title level={4} style={{ marginBottom: 4 }}>
              No WhatsApp Business Account connected
            </Typography.Title>
            <Typography.Text type="secondary">
              {canConnect
                ? "Connect one to send WhatsApp campaigns, templates and chats from its phone numbers."
                : "Your organization has not connected a WhatsApp Business Account to this login yet."}
            </Typography.Text>
          </>
        }
      >
        {canConnect && (
          <Row gutter={[16, 16]} style={{ maxWidth: 760, margin: "0 auto", textAlign: "left" }}>
            {onConnectCloud && (
              <Col xs={24} md={12}>
                <Card size="small" style={{ height: "100%" }}>
                  <Typography.Title level={5}>
                    <ApiOutlined /> WhatsApp Cloud API
                  </Typography.Title>
                  <Typography.Paragraph type="secondary">
                    Your own number at Meta: real customers, real delivery. You need the WhatsApp Business Account, the
                    number's ID and a system-user token.
                  </Typography.Paragraph>
                  <Button type="primary" icon={<WhatsAppOutlined />} onClick={onConnectCloud}>
                    Connect WhatsApp Cloud API
                  </Button>
                </Card>
              </Col>
            )}
            <Col xs={24} md={onConnectCloud ? 12 : 24}>
              <Card size="small" style={{ height: "100%" }}>
                <Typography.Title level={5}>
                  <ExperimentOutlined /> Sandbox
                </Typography.Title>
                <Typography.Paragraph type="secondary">
                  A simulated account with one or two test numbers: every flow works, nothing leaves this machine. Keep
                  it beside a real number for trials.
                </Typography.Paragraph>
                <Button loading={connecting} onClick={onConnect}>
                  Use the sandbox
                </Button>
              </Card>
            </Col>
          </Row>
        )}
      </Empty>
    </Card>
  );
}
