import { BellOutlined } from "@ant-design/icons";
import { Badge, Empty, theme, Typography } from "antd";
import type { CSSProperties, KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { markNotificationRead } from "../../providers/notification-feed";
import { formatDateTime } from "../format";
import type { AppNotification } from "./store";

/** Read by screen readers only: the unread mark is otherwise a coloured dot and bold text. */
const SCREEN_READER_ONLY: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
};

/**
 * `onOpen` runs after a click on a notification that leads somewhere (the panel or sheet closes). A click marks an
 * unread one read. A plain list in antd's list look: antd's List brings Pagination, and through it Select and Input
 * (about 35 KB gzipped), into every signed-in view's shell.
 */
export function NotificationList({
  items,
  maxHeight,
  onOpen,
}: {
  items: readonly AppNotification[];
  maxHeight?: number;
  onOpen?: () => void;
}) {
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
            <Typography.Text style={{ color: token.colorTextSecondary }}>
              New incoming messages will show up here.
            </Typography.Text>
          </>
        }
        style={{ padding: "24px 0" }}
      />
    );
  }
  const open = (n: AppNotification) => {
    if (n.isNew) void markNotificationRead(n.id).catch(() => undefined);
    if (!n.href) return;
    onOpen?.();
    void navigate(n.href);
  };
  // antd's "secondary" text (colorTextDescription) is below WCAG AA's 4.5:1 on the panel: colorTextSecondary is not.
  const quiet = { color: token.colorTextSecondary };
  return (
    <ul style={{ listStyle: "none", margin: 0, padding: 0, ...(maxHeight ? { maxHeight, overflowY: "auto" } : {}) }}>
      {items.map((n, i) => {
        const clickable = Boolean(n.href) || n.isNew;
        return (
          <li key={n.id} style={{ borderTop: i === 0 ? undefined : `1px solid ${token.colorSplit}` }}>
            <div
              data-notification={n.id}
              data-unread={n.isNew}
              style={{ display: "flex", gap: 12, padding: "12px 4px", cursor: clickable ? "pointer" : undefined }}
              {...(clickable
                ? {
                    role: n.href ? "link" : "button",
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
                    {n.isNew && <span style={SCREEN_READER_ONLY}>Unread: </span>}
                    {n.title}
                  </Typography.Text>
                  <Typography.Text style={{ ...quiet, fontSize: 12, whiteSpace: "nowrap" }}>
                    {formatDateTime(n.time)}
                  </Typography.Text>
                </span>
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ ...quiet, marginBottom: 0 }}>
                  {n.description}
                </Typography.Paragraph>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
