import { Button, Drawer, Typography } from "antd";
import { NOTIFICATIONS_MAX } from "../../../contract/domain/chats";
import { NOTIFICATION_SHEET_PX } from "../../lib/ui-constants";
import { NotificationList } from "./notification-list";
import { notificationsStore, type NotificationsState } from "./store";

/**
 * 'View all': every notification of this tab in a sheet. A lazy chunk of its own, loaded on the first 'View all',
 * so the first signed-in view does not download the Drawer (`npm run bench -- bundle`).
 */
export function NotificationSheet({ open, fullWidth, items, onClose }: { open: boolean; fullWidth: boolean; items: NotificationsState["items"]; onClose: () => void }) {
  return (
    <Drawer
      title="All notifications"
      width={fullWidth ? "100%" : NOTIFICATION_SHEET_PX}
      open={open}
      onClose={onClose}
      extra={
        items.length > 0 && (
          <Button onClick={() => notificationsStore.clear()} size="small">
            Clear all
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Messages received while you were signed in to this tab. Showing the latest {NOTIFICATIONS_MAX}; older ones drop off.
      </Typography.Paragraph>
      <NotificationList items={items} onOpen={onClose} />
    </Drawer>
  );
}
