import { describe, expect, it } from "vitest";
import {
  authReducer,
  impersonationReducer,
  initialAuthState,
  initialImpersonationState,
  type AuthUser,
} from "./auth-state";

const user: AuthUser = {
  _id: "u1",
  username: "ana",
  email: "ana@example.com",
  type: "manager",
  token: "t",
  expiresAt: 2_000_000_000,
  isFirstLogin: false,
};

describe("authReducer (SPEC 4)", () => {
  it("starts logged out and not loading", () => {
    expect(initialAuthState).toEqual({ user: null, loading: false, error: null, isLoggedIn: false });
  });

  it.each([
    [
      "pending sets loading and clears the error",
      { ...initialAuthState, error: "old" },
      { type: "login/pending" } as const,
      { user: null, loading: true, error: null, isLoggedIn: false },
    ],
    [
      "success stores the user and sets logged in",
      { ...initialAuthState, loading: true },
      { type: "login/success", user } as const,
      { user, loading: false, error: null, isLoggedIn: true },
    ],
    [
      "failure stores the message and sets logged out",
      { ...initialAuthState, loading: true },
      { type: "login/failure", error: "Login failed" } as const,
      { user: null, loading: false, error: "Login failed", isLoggedIn: false },
    ],
    [
      "logout clears user, logged-in flag and error",
      { user, loading: false, error: "x", isLoggedIn: true },
      { type: "logout" } as const,
      { user: null, loading: false, error: null, isLoggedIn: false },
    ],
  ])("%s", (_name, state, action, expected) => {
    expect(authReducer(state, action)).toEqual(expected);
  });
});

describe("impersonationReducer", () => {
  it("sets and clears the impersonated session", () => {
    const set = impersonationReducer(initialImpersonationState, {
      type: "impersonation/set",
      impersonatedUser: user,
      adminToken: "admin-t",
    });
    expect(set).toMatchObject({ impersonatedUser: user, adminToken: "admin-t", isImpersonating: true, loading: false });
    expect(impersonationReducer(set, { type: "impersonation/clear" })).toEqual(initialImpersonationState);
  });

  it("records a failure without touching the current state", () => {
    const failed = impersonationReducer(
      { ...initialImpersonationState, loading: true },
      { type: "impersonation/failure", error: "Impersonation failed" },
    );
    expect(failed).toMatchObject({ loading: false, error: "Impersonation failed", isImpersonating: false });
  });
});
