import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi } from "../api";
import { notificationsStore } from "../shell/notifications/store";
import { openNotificationsPanel, subscribeNotifications, type NotificationRecord } from "./notification-feed";
import { CONNECT_EVENT, publishRealtime } from "./realtime-events";

vi.mock("../api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api")>()),
  callApi: vi.fn(),
}));
const mockedCall = vi.mocked(callApi);

const record = (id: string, read = false, link: string | null = `chats?chat=c${id}`): NotificationRecord => ({
  _id: id,
  kind: "chat",
  title: `+9198765432${id.padStart(2, "0")} · WhatsApp`,
  body: "Is my order shipped?",
  link,
  read,
  createdAt: "2026-11-24T00:00:00.000Z",
});

/** The server's first page and unread count, as the feed asks for them on connect. */
function serverHas(records: NotificationRecord[]) {
  mockedCall.mockImplementation(async (id) => {
    if (id === "notifications.list")
      return {
        success: true,
        data: records,
        total: records.length,
        totalPages: 1,
        unread: records.filter((r) => !r.read).length,
      } as never;
    if (id === "notifications.unreadCount")
      return { success: true, data: { unread: records.filter((r) => !r.read).length } } as never;
    throw new Error(`unexpected call ${id}`);
  });
}

const settled = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  mockedCall.mockReset();
  notificationsStore.clear();
  window.localStorage.clear();
});

describe("the bell's feed (SPEC 4, history on the server)", () => {
  it("puts a pushed notification on top, marked new, with the dot, leading into the user's own area", () => {
    const stop = subscribeNotifications("u1", "manager");
    publishRealtime("notification", record("7"));
    publishRealtime("notification", record("7"));
    const state = notificationsStore.getState();
    expect(state).toMatchObject({ hasAlert: true, unread: 1 });
    expect(state.items).toEqual([
      {
        id: "7",
        kind: "chat",
        title: "+919876543207 · WhatsApp",
        description: "Is my order shipped?",
        time: Date.parse("2026-11-24T00:00:00.000Z"),
        isNew: true,
        href: "/organization/chats?chat=c7",
      },
    ]);
    stop();
  });

  it("loads the server's page on connect; after a reload the dot lights only for what came after the last opened panel", async () => {
    serverHas([record("12"), record("11"), record("10", true)]);
    let stop = subscribeNotifications("u1", "user");
    publishRealtime(CONNECT_EVENT, null);
    await settled();
    expect(notificationsStore.getState()).toMatchObject({ unread: 2, hasAlert: true });
    expect(notificationsStore.getState().items.map((i) => [i.id, i.isNew, i.href])).toEqual([
      ["12", true, "/user/chats?chat=c12"],
      ["11", true, "/user/chats?chat=c11"],
      ["10", false, "/user/chats?chat=c10"],
    ]);
    openNotificationsPanel("u1");
    expect(notificationsStore.getState().hasAlert).toBe(false);
    stop();

    // A reload: the same unread ones, nothing newer than what the panel showed: no dot, still two unread.
    stop = subscribeNotifications("u1", "user");
    publishRealtime(CONNECT_EVENT, null);
    await settled();
    expect(notificationsStore.getState()).toMatchObject({ unread: 2, hasAlert: false });
    stop();

    serverHas([record("13"), record("12"), record("11"), record("10", true)]);
    stop = subscribeNotifications("u1", "user");
    publishRealtime(CONNECT_EVENT, null);
    await settled();
    expect(notificationsStore.getState()).toMatchObject({ unread: 3, hasAlert: true });
    stop();
  });

  it("follows reads made in any tab", () => {
    const stop = subscribeNotifications("u1", "manager");
    publishRealtime("notification", record("1"));
    publishRealtime("notification", record("2"));
    publishRealtime("notificationsRead", { ids: ["1"], unread: 1 });
    expect(notificationsStore.getState().items.map((i) => [i.id, i.isNew])).toEqual([
      ["2", true],
      ["1", false],
    ]);
    publishRealtime("notificationsRead", { ids: null, unread: 0 });
    expect(notificationsStore.getState()).toMatchObject({ unread: 0 });
    expect(notificationsStore.getState().items.every((i) => !i.isNew)).toBe(true);
    stop();
  });
});
