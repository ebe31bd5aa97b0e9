import { ExperimentOutlined, WhatsAppOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Typography } from "antd";

export interface ConnectCardProps {
  canConnect: boolean;
  connecting: boolean;
  onConnect: () => void;
}

/** The empty state: nothing connected yet, and what connecting does on this install. */
export function ConnectCard({ canConnect, connecting, onConnect }: ConnectCardProps) {
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
                ? "Connect one to send WhatsApp campaigns and templates from its phone numbers."
                : "Your organization has not connected a WhatsApp Business Account to this login yet."}
            </Typography.Text>
          </>
        }
      >
        {canConnect && (
          <>
            <Alert
              type="info"
              showIcon
              icon={<ExperimentOutlined />}
              style={{ maxWidth: 560, margin: "0 auto 16px", textAlign: "left" }}
              message="Sandbox carrier"
              description="This server runs the sandbox carrier: connecting creates a simulated WhatsApp Business Account with one or two test numbers. There is no Facebook login and no message leaves this machine; a real provider replaces the sandbox without changing this screen."
            />
            <Button type="primary" size="large" icon={<WhatsAppOutlined />} loading={connecting} onClick={onConnect}>
              Connect WhatsApp
            </Button>
          </>
        )}
      </Empty>
    </Card>
  );
}
