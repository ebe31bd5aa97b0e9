import { Alert, Modal, Radio, Space, Typography } from "antd";
import { useState } from "react";
import {
  REGENERATE_GRACE_LABELS,
  REGENERATE_GRACE_SECONDS,
  type RegenerateGrace,
} from "../../../../contract/domain/api-keys";
import type { ApiKey } from "./use-api-keys";

/** Regenerate with confirmation: when the old secret stops working (at once, or after a grace period for a rollout). */
export function RegenerateModal({
  apiKey,
  saving,
  onCancel,
  onConfirm,
}: {
  apiKey: ApiKey | null;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (grace: RegenerateGrace) => void;
}) {
  const [grace, setGrace] = useState<RegenerateGrace>(0);
  return (
    <Modal
      open={Boolean(apiKey)}
      title={apiKey ? `Regenerate "${apiKey.name}"?` : ""}
      okText="Regenerate"
      okButtonProps={{ danger: grace === 0, loading: saving }}
      onCancel={onCancel}
      onOk={() => onConfirm(grace)}
      afterClose={() => setGrace(0)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        A new secret is made for <Typography.Text code>{apiKey?.prefix}</Typography.Text>. Systems using the old one
        need the new one.
      </Typography.Paragraph>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        The old secret stops working
      </Typography.Paragraph>
      <Radio.Group value={grace} onChange={(e) => setGrace(e.target.value as RegenerateGrace)}>
        <Space direction="vertical">
          {REGENERATE_GRACE_SECONDS.map((s) => (
            <Radio key={s} value={s}>
              {REGENERATE_GRACE_LABELS[s]}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {grace === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          message="Requests with the old secret are refused from the moment you confirm."
        />
      )}
    </Modal>
  );
}
