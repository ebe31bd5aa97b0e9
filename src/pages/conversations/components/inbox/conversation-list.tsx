import { Avatar, Badge, Empty, Flex, Input, List, Segmented, Select, Skeleton, Tabs, Typography, theme } from "antd";
import type { ChatChannel, ConversationScope, ConversationStatus } from "../../../../../contract/domain/chats";
import { formatRelative } from "./time";
import { ChannelTag } from "./channel-tag";
import type { Conversation } from "./thread-state";

export interface ListFilters {
  channel: ChatChannel | "all";
  scope: ConversationScope;
  status: ConversationStatus;
  q: string;
}

/** The left pane: channel tabs with unread counts, whose and which state, search, and the conversations. */
export function ConversationList(props: {
  filters: ListFilters;
  onFilters: (next: ListFilters) => void;
  unread: Record<ChatChannel, number>;
  items: readonly Conversation[];
  loading: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { token } = theme.useToken();
  const { filters, onFilters, unread } = props;
  const count = (n: number) => (n > 0 ? <Badge count={n} size="small" style={{ marginInlineStart: 4 }} /> : null);
  return (
    <Flex vertical style={{ height: "100%", minHeight: 0 }}>
      <Tabs
        size="small"
        tabBarGutter={14}
        activeKey={filters.channel}
        onChange={(channel) => onFilters({ ...filters, channel: channel as ListFilters["channel"] })}
        items={[
          { key: "all", label: <span>All{count(unread.whatsapp + unread.sms + unread.rcs)}</span> },
          { key: "whatsapp", label: <span>WhatsApp{count(unread.whatsapp)}</span> },
          { key: "sms", label: <span>SMS{count(unread.sms)}</span> },
          { key: "rcs", label: <span>RCS{count(unread.rcs)}</span> },
        ]}
        style={{ paddingInline: 12, marginBottom: 0 }}
      />
      <Flex gap={8} style={{ padding: "8px 12px" }} wrap>
        <Segmented
          size="small"
          value={filters.scope}
          onChange={(scope) => onFilters({ ...filters, scope: scope as ConversationScope })}
          options={[{ value: "mine", label: "Mine" }, { value: "unassigned", label: "Unassigned" }, { value: "all", label: "All" }]}
        />
        <Select
          size="small"
          aria-label="Status"
          value={filters.status}
          onChange={(status: ConversationStatus) => onFilters({ ...filters, status })}
          options={[{ value: "open", label: "Open" }, { value: "resolved", label: "Resolved" }]}
          style={{ width: 100 }}
        />
        <Input.Search
          size="small"
          allowClear
          aria-label="Search conversations"
          placeholder="Search number or message"
          defaultValue={filters.q}
          onSearch={(q) => onFilters({ ...filters, q })}
        />
      </Flex>
      <div style={{ flex: 1, overflowY: "auto", minHeight: 0 }} role="listbox" aria-label="Conversations">
        {props.loading && props.items.length === 0 ? (
          <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 12 }} />
        ) : props.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No conversations here yet. Customers' messages will show up as they arrive." style={{ marginTop: 48 }} />
        ) : (
          <List
            dataSource={props.items as Conversation[]}
            rowKey="_id"
            renderItem={(c) => {
              const active = c._id === props.selected;
              return (
                <List.Item
                  role="option"
                  aria-selected={active}
                  data-chat={c._id}
                  onClick={() => props.onSelect(c._id)}
                  style={{
                    cursor: "pointer", padding: "10px 12px", background: active ? token.controlItemBgActive : undefined,
                    borderInlineStart: `3px solid ${active ? token.colorPrimary : "transparent"}`,
                  }}
                >
                  <List.Item.Meta
                    avatar={<Avatar style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}>{c.customerNumber.slice(-2)}</Avatar>}
                    title={
                      <Flex justify="space-between" gap={8}>
                        <Typography.Text strong={c.unreadCount > 0} ellipsis>
                          {c.customerNumber}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
                          {formatRelative(c.lastMessageAt)}
                        </Typography.Text>
                      </Flex>
                    }
                    description={
                      <Flex justify="space-between" gap={8} align="center">
                        <Typography.Text type="secondary" ellipsis style={{ flex: 1 }}>
                          {c.lastMessageText}
                        </Typography.Text>
                        <Flex gap={4} align="center">
                          <ChannelTag channel={c.channel} />
                          {c.unreadCount > 0 && <Badge count={c.unreadCount} aria-label={`${c.unreadCount} unread`} />}
                        </Flex>
                      </Flex>
                    }
                  />
                </List.Item>
              );
            }}
          />
        )}
      </div>
    </Flex>
  );
}
