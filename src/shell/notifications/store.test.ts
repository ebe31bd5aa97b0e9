import { describe, expect, it } from "vitest";
import {
  addNotification,
  initialNotificationsState,
  markAllSeen,
  newCount,
  notificationsStore,
  openPanel,
  type NotificationsState,
} from "./store";

const n = (id: string, time = 1) => ({ id, title: `t${id}`, description: `d${id}`, time });

describe("notifications reducer (SPEC 4)", () => {
  it("adds at the top, marked new, and lights the dot", () => {
    const s1 = addNotification(initialNotificationsState, n("a"));
    const s2 = addNotification(s1, n("b", 2));
    expect(s2.items.map((i) => i.id)).toEqual(["b", "a"]);
    expect(s2.items.every((i) => i.isNew)).toBe(true);
    expect(s2.hasAlert).toBe(true);
  });

  it("opening the panel clears the dot but keeps the new marks", () => {
    const s = openPanel(addNotification(initialNotificationsState, n("a")));
    expect(s.hasAlert).toBe(false);
    expect(newCount(s)).toBe(1);
  });

  it("a notification arriving after opening lights the dot again", () => {
    const s = addNotification(openPanel(addNotification(initialNotificationsState, n("a"))), n("b"));
    expect(s.hasAlert).toBe(true);
    expect(newCount(s)).toBe(2);
  });

  it("markAllSeen clears the new marks and keeps the items", () => {
    const s = markAllSeen(addNotification(initialNotificationsState, n("a")));
    expect(s.items).toHaveLength(1);
    expect(newCount(s)).toBe(0);
  });

  it("ignores a duplicate id and keeps only the latest 100, newest first", () => {
    let s: NotificationsState = initialNotificationsState;
    for (let i = 0; i < 250; i++) s = addNotification(s, n(String(i)));
    expect(addNotification(s, n("249"))).toBe(s);
    expect(s.items).toHaveLength(100);
    expect(s.items[0]?.id).toBe("249");
    expect(s.items[99]?.id).toBe("150");
  });

  it("returns the same state when nothing changes", () => {
    expect(openPanel(initialNotificationsState)).toBe(initialNotificationsState);
    expect(markAllSeen(initialNotificationsState)).toBe(initialNotificationsState);
  });
});

describe("notificationsStore", () => {
  it("notifies subscribers on push and open", () => {
    let calls = 0;
    const off = notificationsStore.subscribe(() => calls++);
    notificationsStore.push({ title: "New message", description: "hello", id: "x1" });
    notificationsStore.openPanel();
    off();
    expect(calls).toBe(2);
    expect(notificationsStore.getState().items[0].id).toBe("x1");
    notificationsStore.clear();
  });
});
