import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt, Route } from "../../test/render";
import { NotificationBell } from "./notification-bell";
import { notificationsStore, type AppNotification } from "./store";

afterEach(() => notificationsStore.clear());

const dot = () => document.querySelector(".ant-badge-dot");
const note = (id: string, title: string, isNew = true): AppNotification => ({
  id,
  kind: "chat",
  title,
  description: "Hello there",
  time: 1,
  isNew,
});

describe("NotificationBell (SPEC 2, 4)", () => {
  it("lights the dot on a new notification, clears it on open, lists it first, marks unread ones and opens the sheet", async () => {
    renderAt("/user", <Route path="*" element={<NotificationBell />} />);
    expect(dot()).toBeNull();
    act(() => {
      notificationsStore.add(note("1", "+91 98765 43210", false));
      notificationsStore.add(note("2", "+91 91234 56789"));
    });
    expect(dot()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("1 new")).toBeInTheDocument();
    expect(notificationsStore.getState().hasAlert).toBe(false);
    const rows = [...document.querySelectorAll("[data-notification]")];
    expect(rows.map((r) => [r.getAttribute("data-notification"), r.getAttribute("data-unread")])).toEqual([
      ["2", "true"],
      ["1", "false"],
    ]);
    // The unread mark is said, not only drawn.
    expect(rows[0]?.textContent).toContain("Unread: +91 91234 56789");
    expect(rows[1]?.textContent).not.toContain("Unread");
    expect(screen.getByRole("button", { name: "Mark all read" })).toBeEnabled();
    fireEvent.click(screen.getByRole("button", { name: "View all" }));
    // The sheet is a lazy chunk: its first import can take a few seconds on a loaded machine.
    expect(await screen.findByText("All notifications", undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);
});
