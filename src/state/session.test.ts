import { afterEach, describe, expect, it } from "vitest";
import { PERSIST_KEY } from "../../contract";
import { fromPersisted, parseAuthUser } from "./persist";
import { displayTimeZone, formatTime } from "../shell/format";
import { restoreSession, sessionStore, type AuthUser } from "./session";

const user: AuthUser = {
  _id: "u1",
  username: "ana",
  email: "ana@example.com",
  type: "user",
  token: "tok",
  expiresAt: 2_000_000_000,
  isFirstLogin: false,
  name: "Ana",
};

afterEach(() => sessionStore.logout());

describe("session store", () => {
  it("persists only auth and impersonation, version 1, under sessionStorage 'root'", async () => {
    await restoreSession();
    sessionStore.loginSucceeded(user);
    const saved = JSON.parse(window.sessionStorage.getItem(PERSIST_KEY) ?? "null");
    expect(saved).toEqual({
      version: 1,
      auth: { user, isLoggedIn: true },
      impersonation: { impersonatedUser: null, adminToken: null, isImpersonating: false },
    });
    expect(window.localStorage.getItem(PERSIST_KEY)).toBeNull();
  });

  it("restores a persisted session", async () => {
    window.sessionStorage.setItem(
      PERSIST_KEY,
      JSON.stringify({
        version: 1,
        auth: { user, isLoggedIn: true },
        impersonation: { impersonatedUser: null, adminToken: null, isImpersonating: false },
      }),
    );
    await restoreSession();
    expect(sessionStore.getState()).toMatchObject({ restored: true, auth: { user, isLoggedIn: true } });
  });

  it("notifies subscribers and logs out", async () => {
    await restoreSession();
    let calls = 0;
    const off = sessionStore.subscribe(() => calls++);
    sessionStore.loginSucceeded(user);
    sessionStore.logout();
    off();
    expect(calls).toBe(2);
    expect(sessionStore.getState().auth).toMatchObject({ user: null, isLoggedIn: false });
  });
});

describe("persisted state parsing", () => {
  it.each([
    ["nothing stored", null],
    ["invalid JSON", "{"],
    ["another version", JSON.stringify({ version: 2, auth: { user, isLoggedIn: true } })],
    [
      "a user without a token",
      JSON.stringify({ version: 1, auth: { user: { ...user, token: undefined }, isLoggedIn: true } }),
    ],
  ])("%s restores logged out", (_name, raw) => {
    expect(fromPersisted(raw).auth).toMatchObject({ user: null, isLoggedIn: false });
  });

  it("normalizes the department-head spelling", () => {
    expect(parseAuthUser({ ...user, type: "department-head" })?.type).toBe("department_head");
  });

  it("shows dates in the signed-in person's zone, and India's again after they sign out", async () => {
    await restoreSession();
    sessionStore.loginSucceeded({ ...user, timeZone: "Europe/London" });
    expect(displayTimeZone()).toBe("Europe/London");
    expect(formatTime("2026-12-05T08:32:09Z")).toBe("8:32 am");
    sessionStore.logout();
    expect(displayTimeZone()).toBe("Asia/Kolkata");
    // A session saved before people had a zone restores in India's.
    sessionStore.loginSucceeded(user);
    expect(displayTimeZone()).toBe("Asia/Kolkata");
  });
});
