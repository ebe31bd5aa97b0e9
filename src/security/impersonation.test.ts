import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG, PERSIST_KEY } from "../../contract";
import { http } from "../api/client";
import { fromPersisted } from "../state/persist";
import { sessionStore, type AuthUser } from "../state/session";
import { adoptImpersonationFromUrl, exitImpersonation, startImpersonation } from "./impersonation";

const admin: AuthUser = {
  _id: "a1",
  username: "admin",
  email: "admin@example.com",
  type: "admin",
  token: "admin-tok",
  expiresAt: 2_000_000_000,
  isFirstLogin: false,
};
const target = {
  _id: "u1",
  username: "user",
  email: "user@example.com",
  type: "user",
  token: "user-tok",
  expiresAt: 2_000_000_000,
  isFirstLogin: false,
  impersonationMode: true,
  impersonatedBy: { _id: "a1", username: "admin" },
};

function reply(data: unknown) {
  http.defaults.adapter = async (config) => ({ status: 200, data, statusText: "", headers: {}, config });
}

beforeEach(() => {
  sessionStore.markRestored();
  sessionStore.loginSucceeded(admin);
});
afterEach(() => {
  sessionStore.logout();
  http.defaults.adapter = undefined;
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

describe("startImpersonation", () => {
  it("stores the one-time record and opens the user's home with its key; the admin's session stays", async () => {
    reply({ success: true, data: target });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    vi.spyOn(Date, "now").mockReturnValue(1732180000000);
    const key = await startImpersonation("u1");
    expect(key).toBe("impersonation_1732180000000");
    expect(open).toHaveBeenCalledWith("/user?impersonationKey=impersonation_1732180000000", "_blank");
    expect(JSON.parse(window.sessionStorage.getItem(key) ?? "null")).toMatchObject({
      adminToken: "admin-tok",
      impersonatedUser: { username: "user", token: "user-tok" },
    });
    expect(sessionStore.getState().auth.user?.username).toBe("admin");
    expect(sessionStore.getState().impersonation.isImpersonating).toBe(false);
  });

  it.each([[{ success: false, data: target }], [{ success: true }], [{}]])(
    "fails with 'Impersonation failed' on %j",
    async (body) => {
      reply(body);
      const open = vi.spyOn(window, "open").mockReturnValue(null);
      await expect(startImpersonation("u1")).rejects.toThrow(MSG.impersonationFailed);
      expect(open).not.toHaveBeenCalled();
    },
  );
});

describe("adoptImpersonationFromUrl", () => {
  it("turns the copied storage into the impersonated session and removes the key from storage and URL", () => {
    const key = "impersonation_42";
    window.sessionStorage.setItem(key, JSON.stringify({ impersonatedUser: target, adminToken: "admin-tok" }));
    window.history.replaceState(null, "", `/user?impersonationKey=${key}&tab=2`);
    expect(adoptImpersonationFromUrl()).toBe(true);
    expect(window.location.pathname + window.location.search).toBe("/user?tab=2");
    expect(window.sessionStorage.getItem(key)).toBeNull();
    const state = fromPersisted(window.sessionStorage.getItem(PERSIST_KEY));
    expect(state.auth).toMatchObject({ isLoggedIn: true, user: { username: "user", token: "user-tok" } });
    expect(state.impersonation).toMatchObject({
      isImpersonating: true,
      adminToken: "admin-tok",
      impersonatedUser: { username: "user" },
    });
  });

  it("ignores a missing or foreign key", () => {
    window.history.replaceState(null, "", "/user?impersonationKey=root");
    expect(adoptImpersonationFromUrl()).toBe(false);
    expect(window.location.search).toBe("");
    window.history.replaceState(null, "", "/user?impersonationKey=impersonation_1");
    expect(adoptImpersonationFromUrl()).toBe(false);
  });
});

describe("exitImpersonation", () => {
  it("clears state and session storage and closes the tab", () => {
    sessionStore.setImpersonation({ ...target, type: "user" }, "admin-tok");
    window.sessionStorage.setItem("other", "x");
    const close = vi.spyOn(window, "close").mockImplementation(() => {});
    exitImpersonation();
    expect(close).toHaveBeenCalled();
    expect(window.sessionStorage.length).toBe(0);
    expect(sessionStore.getState().impersonation.isImpersonating).toBe(false);
    expect(sessionStore.getState().auth.user).toBeNull();
  });
});
