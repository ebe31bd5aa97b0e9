import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_IDS, CALLS, rolesFor, type CallId } from "../../contract/calls";
import { PUBLIC_ERRORS } from "../../contract/domain/api-keys";
import { MSG } from "../../contract/messages";
import { MODULE_GATED_ROLES, ROLES, type Role } from "../../contract/roles";
import { signToken } from "../auth/tokens";
import { HANDLERS } from "../routes";
import { DEMO_ACCOUNTS } from "../seed";
import { startServer, type TestServer } from "./harness";

/** A concrete URL for a row: path parameters get a placeholder id. */
const urlOf = (id: CallId) => CALLS[id].path.replace(/:([A-Za-z]+)/g, "00000000-0000-4000-8000-000000000000");

const DEMO_OF: Record<Role, "admin" | "reseller" | "manager" | "user" | "depthead"> = {
  admin: "admin",
  reseller: "reseller",
  manager: "manager",
  user: "user",
  department_head: "depthead",
};

/** What the server must do for a role on a call, derived from SPEC 6 (rolesFor) and the demo accounts' modules. */
function expectedAdmit(id: CallId, role: Role): boolean {
  const def = CALLS[id];
  if (!rolesFor(id).includes(role)) return false;
  if (!("module" in def) || !MODULE_GATED_ROLES.includes(role)) return true;
  const modules = DEMO_ACCOUNTS.find((a) => a.username === DEMO_OF[role])?.modules ?? [];
  return (modules as readonly string[]).includes(def.module);
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

// The public API's rows take an API key, not a session: checked apart below.
const guarded = CALL_IDS.filter((id) => CALLS[id].access !== "public" && CALLS[id].access !== "api-key");
const keyed = CALL_IDS.filter((id) => CALLS[id].access === "api-key");

describe("every guarded call without a valid token", () => {
  it.each(guarded)("%s: no token → 401 with SPEC's message", async (id) => {
    const res = await server.call({ method: CALLS[id].method, url: urlOf(id) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MSG.noToken });
  });

  it.each(guarded)("%s: forged or expired token → 401", async (id) => {
    const sub = await server.id("admin");
    const forged = await signToken(
      { sub, role: "admin", sid: randomUUID(), iat: 0, exp: 9999999999 },
      "not-our-secret",
    );
    const expired = await signToken({ sub, role: "admin", sid: randomUUID(), iat: 0, exp: 1 }, "test-secret");
    // Signed with our secret, but no session of that id exists: a token alone is not a session.
    const sessionless = await signToken(
      { sub, role: "admin", sid: randomUUID(), iat: 0, exp: 9999999999 },
      "test-secret",
    );
    for (const token of [forged, expired, sessionless, "garbage"]) {
      const res = await server.call({ method: CALLS[id].method, url: urlOf(id), token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: MSG.invalidToken });
    }
  });
});

describe("every call times every role", () => {
  const cases = guarded.flatMap((id) => ROLES.map((role) => [id, role] as const));
  it.each(cases)("%s as %s", async (id, role) => {
    // Logout ends the session it is called with: give it one of its own so the shared ones stay valid.
    const token = id === "auth.logout" ? await server.freshToken(DEMO_OF[role]) : undefined;
    const res = await server.call({
      method: CALLS[id].method,
      url: urlOf(id),
      token,
      as: DEMO_OF[role],
      payload: CALLS[id].method === "GET" || CALLS[id].method === "DELETE" ? undefined : {},
    });
    if (!expectedAdmit(id, role)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MSG.notAuthorized });
      return;
    }
    expect([401, 403]).not.toContain(res.statusCode);
    if (!HANDLERS[id]) expect(res.json()).toEqual({ success: false, message: MSG.notImplemented });
    if (!HANDLERS[id]) expect(res.statusCode).toBe(501);
  });
});

describe("every API-key call without a valid key", () => {
  it.each(keyed)("%s: no key → 401 with its code; a session token or a made-up key is no key → 401", async (id) => {
    const none = await server.call({ method: CALLS[id].method, url: urlOf(id) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      success: false,
      message: PUBLIC_ERRORS.missingKey.message,
      code: PUBLIC_ERRORS.missingKey.code,
    });
    const session = await server.call({ method: CALLS[id].method, url: urlOf(id), as: "admin" });
    const madeUp = await server.call({
      method: CALLS[id].method,
      url: urlOf(id),
      headers: { "x-api-key": `mc_live_abcdefghijkl_${"x".repeat(43)}` },
    });
    for (const res of [session, madeUp]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        message: PUBLIC_ERRORS.invalidKey.message,
        code: PUBLIC_ERRORS.invalidKey.code,
      });
    }
  });
});

describe("outside the table", () => {
  it("answers 404 JSON for unknown /api paths", async () => {
    const res = await server.call({ method: "GET", url: "/api/does-not-exist", as: "admin" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it("reports health once the database is ready", async () => {
    const res = await server.call({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it("refuses a suspended account's token", async () => {
    const userId = await server.id("rahul");
    const token = await server.token("rahul");
    const suspend = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "admin",
      payload: { userId, status: "suspended" },
    });
    expect(suspend.statusCode).toBe(200);
    const res = await server.call({ method: "GET", url: "/api/v1/balance/getBalance", token });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.accountSuspended);
  });
});
