import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { apiBaseUrl } from "../../../api";

/** Copies text; the Clipboard API needs a secure context, so a hidden textarea is the fallback on plain http. */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/** The whole key, shown once after create or regenerate, with a copy button and a first request to try it. */
export function SecretModal({
  issued,
  onClose,
}: {
  issued: { name: string; key: string; note?: string } | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const base = apiBaseUrl() || window.location.origin;
  const curl = issued
    ? `curl -X POST ${base}/api/public/v1/messages \\\n  -H "Authorization: Bearer ${issued.key}" \\\n  -H "Content-Type: application/json" \\\n  -d '{"channel":"rcs","to":"+919000000001","text":"Hello from the API"}'`
    : "";
  return (
    <Modal
      open={Boolean(issued)}
      title={issued ? `Your API key "${issued.name}"` : ""}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterClose={() => setCopied(false)}
      footer={
        <Button type="primary" onClick={onClose}>
          I have copied it
        </Button>
      }
      width={640}
    >
      <Alert
        type="warning"
        showIcon
        message="Copy the key now: it is shown only this once."
        description="We keep only a fingerprint of it. If you lose it, regenerate the key."
        style={{ marginBottom: 16 }}
      />
      {issued?.note && <Typography.Paragraph type="secondary">{issued.note}</Typography.Paragraph>}
      <Flex gap={8}>
        <Input
          readOnly
          value={issued?.key ?? ""}
          aria-label="API key"
          style={{ fontFamily: "monospace" }}
          onFocus={(e) => e.target.select()}
        />
        <Button
          type={copied ? "default" : "primary"}
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={async () => setCopied(await copy(issued?.key ?? ""))}
        >
          {copied ? "Copied" : "Copy key"}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 4 }}>
        Try it: send a message from your terminal.
      </Typography.Paragraph>
      <Typography.Paragraph code copyable={{ text: curl }} style={{ whiteSpace: "pre-wrap", fontSize: 12 }}>
        {curl}
      </Typography.Paragraph>
    </Modal>
  );
}
