import { KeyOutlined } from "@ant-design/icons";
import { Alert, Button, Modal, Typography } from "antd";
import type { IssuedSecret } from "./use-webhooks";

/** The signing secret of a new or rotated endpoint, shown this once with a copy button. */
export function SecretModal({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  return (
    <Modal
      open={issued !== null}
      title={
        <span>
          <KeyOutlined /> {issued?.rotated ? "New signing secret" : "Endpoint added: its signing secret"}
        </span>
      }
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          I have copied it
        </Button>
      }
      destroyOnHidden
    >
      {issued && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="Copy the secret now: it is not shown again."
            description={
              issued.rotated
                ? "For the next 24 hours every delivery is signed with both the new and the old secret, so you can update your receiver without missing events."
                : "Your receiver uses it to check that each delivery's X-Webhook-Signature came from us."
            }
          />
          <Typography.Text type="secondary">For {issued.endpoint.url}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: issued.secret, tooltips: ["Copy secret", "Copied"] }}
            code
            style={{ marginTop: 8, wordBreak: "break-all", fontSize: 15 }}
            data-testid="webhook-secret"
          >
            {issued.secret}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
