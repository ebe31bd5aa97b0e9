import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Popover, Space, Tag } from "antd";
import { lazy, Suspense, useState } from "react";
import { NOTIFICATION_PANEL_SCROLL_PX } from "../../lib/ui-constants";
import { markAllNotificationsRead, openNotificationsPanel } from "../../providers/notification-feed";
import { useSession } from "../../state/session";
import { useIsMobile } from "../sidebar/use-is-mobile";
import { NotificationList } from "./notification-list";
import { newCount, useNotifications } from "./store";

const NotificationSheet = lazy(() => import("./notification-sheet").then((m) => ({ default: m.NotificationSheet })));

/**
 * SPEC 2/4: the bell's dot lights on a new notification; opening the panel clears it; 'View all' opens a sheet. The
 * history is the user's on the server: unread ones stay marked until read (a click, or "Mark all read").
 */
export function NotificationBell() {
  const state = useNotifications();
  const userId = useSession().user?._id;
  const [open, setOpen] = useState(false);
  const [sheet, setSheet] = useState(false);
  // Mounted from the first 'View all' on, so closing the sheet still slides it out.
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const isMobile = useIsMobile();
  const fresh = newCount(state);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) openNotificationsPanel(userId);
  };

  const panel = (
    // Plain buttons: antd's link colour (#1677ff) is below WCAG AA's 4.5:1 on the panel.
    <div style={{ width: "min(360px, calc(100vw - 48px))" }}>
      <NotificationList
        items={state.items}
        maxHeight={NOTIFICATION_PANEL_SCROLL_PX}
        onOpen={() => onOpenChange(false)}
      />
      <div style={{ display: "flex", justifyContent: "space-between", paddingTop: 8 }}>
        <Button
          size="small"
          disabled={fresh === 0}
          onClick={() => void markAllNotificationsRead().catch(() => undefined)}
        >
          Mark all read
        </Button>
        <Button
          size="small"
          onClick={() => {
            onOpenChange(false);
            setSheetLoaded(true);
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
          <Button type="text" shape="circle" icon={<BellOutlined />} aria-label="Notifications" data-unread={fresh} />
        </Badge>
      </Popover>
      {sheetLoaded && (
        <Suspense fallback={null}>
          <NotificationSheet open={sheet} fullWidth={isMobile} onClose={() => setSheet(false)} />
        </Suspense>
      )}
    </>
  );
}
