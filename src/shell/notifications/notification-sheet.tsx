import { Alert, Button, Drawer, Flex, Pagination, Spin, theme, Typography } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { NOTIFICATIONS_SHEET_PAGE_SIZE } from "../../../contract/domain/notifications";
import { callApi } from "../../api";
import { NOTIFICATION_SHEET_PX } from "../../lib/ui-constants";
import { markAllNotificationsRead, toAppNotification } from "../../providers/notification-feed";
import { useSession } from "../../state/session";
import { NotificationList } from "./notification-list";
import { newCount, notificationsStore, useNotifications, type AppNotification } from "./store";

/** A burst of pushes (a busy inbox) while the sheet is open reloads its page once. */
const RELOAD_DEBOUNCE_MS = 500;

/** One page of the user's history, reloaded when the bell's state moves (a new one, a read) while it is open. */
function useHistoryPage(open: boolean, page: number) {
  const role = useSession().user?.type;
  const [data, setData] = useState<{ items: AppNotification[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    if (!role) return;
    callApi("notifications.list", { query: { page, limit: NOTIFICATIONS_SHEET_PAGE_SIZE } }).then(
      (res) => {
        setError(null);
        setData({ items: res.data.map((r) => toAppNotification(r, role)), total: res.total });
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [page, role]);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  useEffect(() => {
    if (!open) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = notificationsStore.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => loadRef.current(), RELOAD_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [open]);
  return { data, error };
}

/**
 * 'View all': the user's whole history, newest first, a page at a time, unread ones marked. A lazy chunk of its own,
 * loaded on the first 'View all', so the first signed-in view does not download the Drawer and Pagination
 * (`npm run bench -- bundle`).
 */
export function NotificationSheet({
  open,
  fullWidth,
  onClose,
}: {
  open: boolean;
  fullWidth: boolean;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const unread = newCount(useNotifications());
  const { data, error } = useHistoryPage(open, page);
  const { token } = theme.useToken();
  return (
    <Drawer
      title="All notifications"
      width={fullWidth ? "100%" : NOTIFICATION_SHEET_PX}
      open={open}
      onClose={onClose}
      extra={
        <Button
          size="small"
          disabled={unread === 0}
          onClick={() => void markAllNotificationsRead().catch(() => undefined)}
        >
          Mark all read
        </Button>
      }
    >
      <Typography.Paragraph style={{ color: token.colorTextSecondary }}>
        Everything the bell told you, newest first{unread > 0 ? `; ${unread} unread, marked with a blue dot` : ""}. Open
        one to read it.
      </Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          message="Could not load notifications"
          description={error}
          style={{ marginBottom: 12 }}
        />
      )}
      {data ? (
        <NotificationList items={data.items} onOpen={onClose} />
      ) : (
        <Spin style={{ display: "block", margin: "24px auto" }} />
      )}
      {data && data.total > NOTIFICATIONS_SHEET_PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={NOTIFICATIONS_SHEET_PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            onChange={setPage}
          />
        </Flex>
      )}
    </Drawer>
  );
}
