import { describe, expect, it } from "vitest";
import {
  addNotification,
  initialNotificationsState,
  loadNotifications,
  markRead,
  newCount,
  newestId,
  notificationsStore,
  openPanel,
  type AppNotification,
  type NotificationsState,
} from "./store";

const n = (id: string, isNew = true): AppNotification => ({
  id,
  kind: "chat",
  title: `t${id}`,
  description: `d${id}`,
  time: 1,
  isNew,
});

describe("notifications reducer (SPEC 4, kept on the server)", () => {
  it("adds at the top, marked new, counts it unread and lights the dot", () => {
    const s = addNotification(addNotification(initialNotificationsState, n("1")), n("2"));
    expect(s.items.map((i) => i.id)).toEqual(["2", "1"]);
    expect(s.items.every((i) => i.isNew)).toBe(true);
    expect(s.hasAlert).toBe(true);
    expect(newCount(s)).toBe(2);
  });

  it("opening the panel clears the dot but keeps the unread marks", () => {
    const s = openPanel(addNotification(initialNotificationsState, n("1")));
    expect(s.hasAlert).toBe(false);
    expect(newCount(s)).toBe(1);
    expect(s.items[0]?.isNew).toBe(true);
  });

  it("a notification arriving after opening lights the dot again", () => {
    const s = addNotification(openPanel(addNotification(initialNotificationsState, n("1"))), n("2"));
    expect(s.hasAlert).toBe(true);
  });

  it("marks some or all read with the server's count", () => {
    const s = [n("1"), n("2"), n("3")].reduce(addNotification, initialNotificationsState);
    const one = markRead(s, ["2"], 2);
    expect(one.items.map((i) => [i.id, i.isNew])).toEqual([
      ["3", true],
      ["2", false],
      ["1", true],
    ]);
    expect(newCount(one)).toBe(2);
    const all = markRead(one, null, 0);
    expect(all.items.every((i) => !i.isNew)).toBe(true);
    expect(newCount(all)).toBe(0);
    expect(markRead(all, null, 0)).toBe(all);
  });

  it("a server page replaces what the tab had, keeping a lit dot lit", () => {
    const lit = addNotification(initialNotificationsState, n("9"));
    const s = loadNotifications(lit, [n("12"), n("11", false)], 7, false);
    expect(s.items.map((i) => i.id)).toEqual(["12", "11"]);
    expect(s).toMatchObject({ unread: 7, hasAlert: true });
    expect(loadNotifications(initialNotificationsState, [n("5")], 1, true).hasAlert).toBe(true);
    expect(newestId(s)).toBe(12);
  });

  it("ignores a duplicate id and keeps only the latest 100, newest first", () => {
    let s: NotificationsState = initialNotificationsState;
    for (let i = 0; i < 250; i++) s = addNotification(s, n(String(i)));
    expect(addNotification(s, n("249"))).toBe(s);
    expect(s.items).toHaveLength(100);
    expect(s.items[0]?.id).toBe("249");
    expect(s.items[99]?.id).toBe("150");
  });
});

describe("notificationsStore", () => {
  it("notifies subscribers on add and open", () => {
    let calls = 0;
    const off = notificationsStore.subscribe(() => calls++);
    notificationsStore.add(n("x1"));
    notificationsStore.openPanel();
    off();
    expect(calls).toBe(2);
    expect(notificationsStore.getState().items[0]?.id).toBe("x1");
    notificationsStore.clear();
  });
});
