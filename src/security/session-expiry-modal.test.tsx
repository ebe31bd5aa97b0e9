import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG, SESSION_CHECK_INTERVAL_MS } from "../../contract";
import { sessionStore } from "../state/session";
import { renderAt, Route } from "../test/render";
import { SessionExpiryWatcher } from "./session-expiry-modal";

const NOW_S = 1_800_000_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  vi.setSystemTime(NOW_S * 1000);
  sessionStore.markRestored();
});
afterEach(() => {
  vi.useRealTimers();
  sessionStore.logout();
});

function signIn(expiresAt: number) {
  sessionStore.loginSucceeded({
    _id: "1",
    username: "u",
    email: "u@example.com",
    type: "user",
    token: "t",
    expiresAt,
    isFirstLogin: false,
  });
}

const routes = (
  <>
    <Route
      path="user"
      element={
        <>
          <p>home</p>
          <SessionExpiryWatcher />
        </>
      }
    />
    <Route index element={<p>login</p>} />
  </>
);

describe("Session Expired modal (SPEC 4)", () => {
  it("appears once the 60 s check finds the session at or past expiresAt, and returns to login", () => {
    signIn(NOW_S + 30);
    renderAt("/user", routes);
    expect(screen.queryByText(MSG.sessionExpiredTitle)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    });
    expect(screen.getByText(MSG.sessionExpiredTitle)).toBeInTheDocument();
    expect(screen.getByText(MSG.sessionExpiredText)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: MSG.sessionExpiredButton }));
    expect(sessionStore.getState().auth.isLoggedIn).toBe(false);
    expect(screen.getByTestId("location").textContent).toBe("/");
  });

  it("shows at once for a session already expired on load", () => {
    signIn(NOW_S);
    renderAt("/user", routes);
    expect(screen.getByText(MSG.sessionExpiredTitle)).toBeInTheDocument();
  });
});
