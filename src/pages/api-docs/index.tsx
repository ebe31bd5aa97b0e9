import { ApiOutlined, ExportOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Input, Segmented, Select, Space, Typography } from "antd";
import { useState } from "react";
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS } from "../../../contract/domain/webhooks";
import { ApiControlNav } from "../common/api-control-nav";
import { PageHeader } from "../common/page-header";
import {
  sendExample,
  statusExample,
  templatesExample,
  VERIFY_SNIPPET,
  type ExampleChannel,
} from "./components/examples";
import { KEY_PLACEHOLDER, useApiDocs } from "./components/use-api-docs";

/** A block of code with a copy button: what is copied is exactly what is shown. */
function Code({ text, label }: { text: string; label: string }) {
  return (
    <Typography.Paragraph
      copyable={{ text, tooltips: [`Copy ${label}`, "Copied"] }}
      style={{ position: "relative", marginBottom: 0 }}
    >
      <pre aria-label={label} style={{ margin: 0, padding: 12, fontSize: 12.5, overflowX: "auto", whiteSpace: "pre" }}>
        {text}
      </pre>
    </Typography.Paragraph>
  );
}

/** API Control → API Docs: the reference (Swagger UI) and examples to send a message with one of your keys. */
export function ApiDocsPage() {
  const docs = useApiDocs();
  const [channel, setChannel] = useState<ExampleChannel>("sms");
  const swagger = `${docs.base}/api/docs`;
  return (
    <>
      <ApiControlNav />
      <PageHeader
        description="Send messages from your own systems with an API key, and hear back through webhooks."
        extra={
          <>
            <Button href={`${swagger}/json`} target="_blank" rel="noreferrer" icon={<ExportOutlined />}>
              OpenAPI JSON
            </Button>
            <Button type="primary" href={swagger} target="_blank" rel="noreferrer" icon={<ApiOutlined />}>
              Open Swagger UI
            </Button>
          </>
        }
      />
      <Space direction="vertical" size={16} style={{ width: "100%" }}>
        <Card
          title="Send a message"
          extra={
            <Segmented<ExampleChannel>
              size="small"
              value={channel}
              onChange={setChannel}
              options={[
                { value: "sms", label: "SMS" },
                { value: "whatsapp", label: "WhatsApp" },
                { value: "rcs", label: "RCS" },
              ]}
            />
          }
        >
          <Space direction="vertical" size={12} style={{ width: "100%" }}>
            {docs.keysAvailable ? (
              <Flex gap={8} wrap>
                <Select
                  aria-label="API key"
                  placeholder={docs.keys.length ? "Choose one of your keys" : "No active API key yet"}
                  disabled={docs.keys.length === 0}
                  style={{ minWidth: 240 }}
                  value={docs.chosen}
                  onChange={docs.choose}
                  allowClear
                  options={docs.keys.map((k) => ({ value: k.id, label: `${k.name} (${k.prefix}…)` }))}
                />
                <Input.Password
                  aria-label="Paste your full key"
                  placeholder="Paste the full key to fill the examples"
                  style={{ flex: 1, minWidth: 240 }}
                  value={docs.pasted}
                  onChange={(e) => docs.paste(e.target.value)}
                  autoComplete="off"
                />
              </Flex>
            ) : (
              !docs.keysLoading && (
                <Alert
                  type="info"
                  showIcon
                  message={`The examples use ${KEY_PLACEHOLDER}: put one of your API keys in its place.`}
                  description="Create a key under API Keys; its secret is shown once, when it is created. Once your keys can be listed here, you can pick one to fill the examples."
                />
              )
            )}
            {docs.mismatch && (
              <Alert type="warning" showIcon message="The pasted key does not belong to the key you chose." />
            )}
            <Typography.Text type="secondary">
              The key stays on this page; it is never sent or saved. The same Idempotency-Key within 24 hours sends the
              message once.
            </Typography.Text>
            <Code label="send example" text={sendExample(docs.base, docs.shownKey, channel)} />
            <Typography.Text>Your template ids, by channel:</Typography.Text>
            <Code label="templates example" text={templatesExample(docs.base, docs.shownKey)} />
            <Typography.Text>
              A message's states (sent, delivered, read, failed), by the id the send answered:
            </Typography.Text>
            <Code label="status example" text={statusExample(docs.base, docs.shownKey)} />
          </Space>
        </Card>
        <Card title="Receive webhooks">
          <Typography.Paragraph>
            Add an endpoint under Webhooks to receive{" "}
            {WEBHOOK_EVENTS.map((e, i) => (
              <span key={e}>
                {i > 0 && ", "}
                <Typography.Text code>{e}</Typography.Text>
              </span>
            ))}{" "}
            as JSON. Each delivery carries
            <Typography.Text code>{WEBHOOK_HEADERS.id}</Typography.Text> (the same on retries),{" "}
            <Typography.Text code>{WEBHOOK_HEADERS.timestamp}</Typography.Text> and
            <Typography.Text code>{WEBHOOK_HEADERS.signature}: v1=&lt;hex&gt;</Typography.Text>, an HMAC-SHA256 of{" "}
            <Typography.Text code>timestamp.body</Typography.Text> with the endpoint's secret. Answer 2xx within 5
            seconds; otherwise we retry with backoff for 24 hours.
          </Typography.Paragraph>
          <Typography.Text strong>Check the signature in Node</Typography.Text>
          <Code label="verification snippet" text={VERIFY_SNIPPET} />
        </Card>
      </Space>
    </>
  );
}
