import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from "antd";
import { Fragment, type ReactNode } from "react";
import type { CarrierChannelRecord } from "../../../../contract";

/** What the section reads of a page's connections (useCarrierChannels). */
export interface ChannelList {
  canManage: boolean;
  channels: readonly CarrierChannelRecord[];
  loading: boolean;
  error: string | undefined;
  retry: () => unknown;
}

interface ChannelSectionProps {
  page: ChannelList;
  title: string;
  subtitle: string;
  /** The connect button's label, in the header once there are connections and in the empty state before. */
  connectLabel: string;
  onConnect: () => void;
  /** What the empty state says: everything still goes out through the sandbox. */
  empty: string;
  card: (channel: CarrierChannelRecord) => ReactNode;
  /** The page's connect and edit drawers. */
  children: ReactNode;
}

/**
 * The provider connections an account sends through, beside the sandbox, under a channel page's own list: a card
 * each, or what loading, a failed fetch or having none looks like. Hidden from who may not manage them.
 */
export function ChannelSection({
  page,
  title,
  subtitle,
  connectLabel,
  onConnect,
  empty,
  card,
  children,
}: ChannelSectionProps) {
  if (!page.canManage) return null;
  const connectButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={onConnect}>
      {connectLabel}
    </Button>
  );
  let body;
  if (page.loading)
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  else if (page.error)
    body = (
      <Alert
        type="error"
        showIcon
        message={page.error}
        action={
          <Button size="small" onClick={() => void page.retry()}>
            Retry
          </Button>
        }
      />
    );
  else if (page.channels.length === 0)
    body = (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty}>
          {connectButton}
        </Empty>
      </Card>
    );
  else body = page.channels.map((channel) => <Fragment key={channel._id}>{card(channel)}</Fragment>);
  return (
    <Flex vertical gap={16} style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{subtitle}</Typography.Text>
        </div>
        {page.channels.length > 0 && connectButton}
      </Flex>
      {body}
      {children}
    </Flex>
  );
}
