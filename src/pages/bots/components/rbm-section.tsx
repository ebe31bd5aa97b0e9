import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { useMemo } from "react";
import type { RbmChannelsModel } from "../use-rbm-channels";
import { RbmCard } from "./rbm-card";
import { RbmDrawer } from "./rbm-drawer";
import { RbmEditDrawer } from "./rbm-edit-drawer";

/**
 * The Google RCS Business Messaging agents an account sends through, beside the sandbox: each sends one bot's
 * messages; every other bot keeps going out through the sandbox.
 */
export function RbmSection({ page, bots }: { page: RbmChannelsModel; bots: readonly { _id: string; name: string }[] }) {
  const free = useMemo(() => {
    const claimed = new Set(page.channels.map((c) => c.rcs?.botId));
    return bots.filter((b) => !claimed.has(b._id)).map((b) => ({ id: b._id, name: b.name }));
  }, [page.channels, bots]);
  if (!page.canManage) return null;
  let body;
  if (page.loading) body = <Card><Skeleton active paragraph={{ rows: 4 }} /></Card>;
  else if (page.error) body = <Alert type="error" showIcon message={page.error} action={<Button size="small" onClick={() => void page.retry()}>Retry</Button>} />;
  else if (page.channels.length === 0)
    body = (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No Google agent connected: every RCS message goes out through the sandbox. Connect your RBM agent to send real messages.">
          <Button type="primary" icon={<PlusOutlined />} onClick={page.openConnect}>
            Connect an RBM agent
          </Button>
        </Empty>
      </Card>
    );
  else body = page.channels.map((channel) => <RbmCard key={channel._id} channel={channel} page={page} />);
  return (
    <Flex vertical gap={16} style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            RCS Business Messaging
          </Typography.Title>
          <Typography.Text type="secondary">Bots connected to a Google agent send through it; the others through the sandbox.</Typography.Text>
        </div>
        {page.channels.length > 0 && (
          <Button type="primary" icon={<PlusOutlined />} onClick={page.openConnect}>
            Connect an RBM agent
          </Button>
        )}
      </Flex>
      {body}
      <RbmDrawer page={page} bots={free} />
      <RbmEditDrawer page={page} />
    </Flex>
  );
}
