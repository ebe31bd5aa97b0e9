import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Drawer, Popover, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { NOTIFICATIONS_MAX } from "../../../contract/domain/chats";
import { NOTIFICATION_PANEL_SCROLL_PX, NOTIFICATION_SHEET_PX } from "../../lib/ui-constants";
import { useIsMobile } from "../sidebar/use-is-mobile";
import { NotificationList } from "./notification-list";
import { newCount, notificationsStore, useNotifications } from "./store";

/** SPEC 2/4: the bell's dot lights on a new notification; opening the panel clears it; 'View all' opens a sheet. */
export function NotificationBell() {
  const state = useNotifications();
  const [open, setOpen] = useState(false);
  const [sheet, setSheet] = useState(false);
  const isMobile = useIsMobile();
  const fresh = newCount(state);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) notificationsStore.openPanel();
    else notificationsStore.markAllSeen();
  };

  const panel = (
    <div style={{ width: "min(360px, calc(100vw - 48px))" }}>
      <NotificationList items={state.items} maxHeight={NOTIFICATION_PANEL_SCROLL_PX} onOpen={() => onOpenChange(false)} />
      <div style={{ display: "flex", justifyContent: "flex-end", paddingTop: 8 }}>
        <Button
          type="link"
          size="small"
          onClick={() => {
            onOpenChange(false);
            setSheet(true);
          }}
        >
          View all
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={onOpenChange}
        title={
          <Space>
            <span>Notifications</span>
            {fresh > 0 && <Tag color="blue">{fresh} new</Tag>}
          </Space>
        }
        content={panel}
      >
        <Badge dot={state.hasAlert} offset={[-6, 6]}>
          <Button type="text" shape="circle" icon={<BellOutlined />} aria-label="Notifications" />
        </Badge>
      </Popover>
      <Drawer
        title="All notifications"
        width={isMobile ? "100%" : NOTIFICATION_SHEET_PX}
        open={sheet}
        onClose={() => {
          setSheet(false);
          notificationsStore.markAllSeen();
        }}
        extra={
          state.items.length > 0 && (
            <Button onClick={() => notificationsStore.clear()} size="small">
              Clear all
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">
          Messages received while you were signed in to this tab. Showing the latest {NOTIFICATIONS_MAX}; older ones drop off.
        </Typography.Paragraph>
        <NotificationList
          items={state.items}
          onOpen={() => {
            setSheet(false);
            notificationsStore.markAllSeen();
          }}
        />
      </Drawer>
    </>
  );
}
