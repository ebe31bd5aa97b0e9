import { BellOutlined } from "@ant-design/icons";
import { Badge, Empty, List, Typography } from "antd";
import { useNavigate } from "react-router";
import { formatDateTime } from "../format";
import type { AppNotification } from "./store";

/** `onOpen` runs after a click on a notification that leads somewhere (the panel or sheet closes). */
export function NotificationList({ items, maxHeight, onOpen }: { items: readonly AppNotification[]; maxHeight?: number; onOpen?: () => void }) {
  const navigate = useNavigate();
  if (items.length === 0) {
    return (
      <Empty
        image={<BellOutlined style={{ fontSize: 32, opacity: 0.35 }} />}
        styles={{ image: { height: 40 } }}
        description={
          <>
            <Typography.Text>No notifications yet</Typography.Text>
            <br />
            <Typography.Text type="secondary">New incoming messages will show up here.</Typography.Text>
          </>
        }
        style={{ padding: "24px 0" }}
      />
    );
  }
  return (
    <List
      style={maxHeight ? { maxHeight, overflowY: "auto" } : undefined}
      dataSource={items as AppNotification[]}
      rowKey="id"
      renderItem={(n) => (
        <List.Item
          style={{ paddingInline: 4, cursor: n.href ? "pointer" : undefined }}
          {...(n.href
            ? {
                role: "link",
                tabIndex: 0,
                onClick: () => {
                  onOpen?.();
                  void navigate(n.href ?? "");
                },
                onKeyDown: (e: React.KeyboardEvent) => {
                  if (e.key !== "Enter") return;
                  onOpen?.();
                  void navigate(n.href ?? "");
                },
              }
            : {})}
        >
          <List.Item.Meta
            avatar={<Badge status={n.isNew ? "processing" : "default"} />}
            title={
              <span style={{ display: "flex", justifyContent: "space-between", gap: 12 }}>
                <Typography.Text strong={n.isNew} ellipsis>
                  {n.title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
                  {formatDateTime(n.time)}
                </Typography.Text>
              </span>
            }
            description={<Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>{n.description}</Typography.Paragraph>}
          />
        </List.Item>
      )}
    />
  );
}
