import { BellOutlined } from "@ant-design/icons";
import { Badge, Empty, theme, Typography } from "antd";
import type { KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { formatDateTime } from "../format";
import type { AppNotification } from "./store";

/**
 * `onOpen` runs after a click on a notification that leads somewhere (the panel or sheet closes). A plain list in
 * antd's list look: antd's List brings Pagination, and through it Select and Input (about 35 KB gzipped), into
 * every signed-in view's shell.
 */
export function NotificationList({ items, maxHeight, onOpen }: { items: readonly AppNotification[]; maxHeight?: number; onOpen?: () => void }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
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
  const open = (n: AppNotification) => {
    onOpen?.();
    void navigate(n.href ?? "");
  };
  return (
    <ul style={{ listStyle: "none", margin: 0, padding: 0, ...(maxHeight ? { maxHeight, overflowY: "auto" } : {}) }}>
      {items.map((n, i) => (
        <li
          key={n.id}
          style={{
            display: "flex",
            gap: 12,
            padding: "12px 4px",
            borderTop: i === 0 ? undefined : `1px solid ${token.colorSplit}`,
            cursor: n.href ? "pointer" : undefined,
          }}
          {...(n.href
            ? {
                role: "link",
                tabIndex: 0,
                onClick: () => open(n),
                onKeyDown: (e: KeyboardEvent) => {
                  if (e.key === "Enter") open(n);
                },
              }
            : {})}
        >
          <Badge status={n.isNew ? "processing" : "default"} />
          <div style={{ minWidth: 0, flex: 1 }}>
            <span style={{ display: "flex", justifyContent: "space-between", gap: 12, marginBottom: 4 }}>
              <Typography.Text strong={n.isNew} ellipsis>
                {n.title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
                {formatDateTime(n.time)}
              </Typography.Text>
            </span>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
              {n.description}
            </Typography.Paragraph>
          </div>
        </li>
      ))}
    </ul>
  );
}
