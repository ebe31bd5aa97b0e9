import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt, Route } from "../../test/render";
import { NotificationBell } from "./notification-bell";
import { notificationsStore } from "./store";

afterEach(() => notificationsStore.clear());

const dot = () => document.querySelector(".ant-badge-dot");

describe("NotificationBell (SPEC 2, 4)", () => {
  it("lights the dot on a new notification, clears it on open, lists it first and opens the sheet", async () => {
    renderAt("/user", <Route path="*" element={<NotificationBell />} />);
    expect(dot()).toBeNull();
    act(() => {
      notificationsStore.push({ id: "1", title: "+91 98765 43210", description: "older" });
      notificationsStore.push({ id: "2", title: "+91 91234 56789", description: "Hello there" });
    });
    expect(dot()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("2 new")).toBeInTheDocument();
    expect(notificationsStore.getState().hasAlert).toBe(false);
    const titles = screen.getAllByText(/^\+91/).map((n) => n.textContent);
    expect(titles).toEqual(["+91 91234 56789", "+91 98765 43210"]);
    fireEvent.click(screen.getByRole("button", { name: "View all" }));
    // The sheet is a lazy chunk: its first import can take a few seconds on a loaded machine.
    expect(await screen.findByText("All notifications", undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);
});
