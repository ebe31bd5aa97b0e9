import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { useMemo } from "react";
import type { SmsProvidersModel } from "../use-sms-providers";
import { SmsProviderCard } from "./sms-provider-card";
import { SmsProviderDrawer } from "./sms-provider-drawer";
import { SmsProviderEditDrawer } from "./sms-provider-edit-drawer";

/**
 * The SMS providers an account sends through (SMPP or HTTP), beside the sandbox: each claims some of the account's
 * sender ids; every other header keeps going out through the sandbox.
 */
export function SmsProvidersSection({ page, accountHeaders }: { page: SmsProvidersModel; accountHeaders: readonly string[] }) {
  const free = useMemo(() => {
    const claimed = new Set(page.channels.flatMap((c) => c.sms?.senderIds ?? []));
    return [...new Set(accountHeaders)].filter((h) => !claimed.has(h)).sort();
  }, [page.channels, accountHeaders]);
  if (!page.canManage) return null;
  let body;
  if (page.loading) body = <Card><Skeleton active paragraph={{ rows: 4 }} /></Card>;
  else if (page.error) body = <Alert type="error" showIcon message={page.error} action={<Button size="small" onClick={() => void page.retry()}>Retry</Button>} />;
  else if (page.channels.length === 0)
    body = (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No SMS provider connected: every SMS goes out through the sandbox. Connect your provider's SMPP account or HTTP API to send real messages."
        >
          <Button type="primary" icon={<PlusOutlined />} onClick={() => page.openConnect("smpp")}>
            Connect an SMS provider
          </Button>
        </Empty>
      </Card>
    );
  else body = page.channels.map((channel) => <SmsProviderCard key={channel._id} channel={channel} page={page} />);
  return (
    <Flex vertical gap={16} style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            SMS providers
          </Typography.Title>
          <Typography.Text type="secondary">Sender ids connected to a provider go out through it; the others through the sandbox.</Typography.Text>
        </div>
        {page.channels.length > 0 && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => page.openConnect("smpp")}>
            Connect an SMS provider
          </Button>
        )}
      </Flex>
      {body}
      <SmsProviderDrawer page={page} headers={free} />
      <SmsProviderEditDrawer page={page} freeHeaders={free} />
    </Flex>
  );
}
