import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "../../contract";
import { sessionStore, type AuthUser } from "../state/session";
import { callApi, http, setUnauthorizedHandler } from "./client";
import { ApiError } from "./errors";
import type { HttpAdapter, HttpRequest } from "./http";

const manager: AuthUser = {
  _id: "m1",
  username: "manager",
  email: "manager@example.com",
  type: "manager",
  token: "tok-123",
  expiresAt: 2_000_000_000,
  isFirstLogin: false,
};

let seen: HttpRequest[] = [];
function respond(status: number, data: unknown): HttpAdapter {
  return async (config) => {
    seen.push(config);
    return { status, data };
  };
}

beforeEach(() => {
  seen = [];
  sessionStore.loginSucceeded(manager);
});
afterEach(() => {
  sessionStore.logout();
  http.defaults.adapter = undefined;
});

describe("callApi", () => {
  it("sends the bearer token, the table's method/path and query defaults", async () => {
    http.defaults.adapter = respond(200, { success: true, users: [], count: 0 });
    await callApi("users.list", { query: { search: "ana" } });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req.method).toBe("GET");
    expect(req.url).toBe(`${window.location.origin}/api/admin/users`);
    expect(req.params).toEqual({ page: 1, limit: 10, search: "ana" });
    expect(req.headers.Authorization).toBe("Bearer tok-123");
  });

  it("fills path parameters", async () => {
    http.defaults.adapter = respond(200, { success: true });
    await callApi("campaigns.start", { params: { id: "c 1" } });
    expect(seen[0].url).toBe(`${window.location.origin}/api/campaigns/start-campaign/c%201`);
  });

  it("sends nothing when a local check fails", async () => {
    http.defaults.adapter = respond(200, {});
    await expect(callApi("campaigns.start", { params: {} })).rejects.toThrow(MSG.campaignIdRequired);
    await expect(callApi("bots.get", { params: { id: "b" } })).rejects.toThrow(MSG.notAuthorized);
    sessionStore.logout();
    await expect(callApi("users.list")).rejects.toThrow(MSG.notAuthenticated);
    expect(seen).toHaveLength(0);
  });

  it("public calls skip the checks and carry no token", async () => {
    sessionStore.logout();
    http.defaults.adapter = respond(200, { success: true });
    await callApi("auth.sendResetLink", { body: { email: "a@b.co" } });
    expect(seen[0].headers.Authorization).toBeUndefined();
  });

  it("maps server errors and reports 401s", async () => {
    const onUnauthorized = vi.fn();
    const off = setUnauthorizedHandler(onUnauthorized);
    http.defaults.adapter = respond(401, { success: false, message: "Invalid or expired authentication token." });
    const error = await callApi("users.list").catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Invalid or expired authentication token.");
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("falls back to the call's failure default", async () => {
    http.defaults.adapter = respond(500, {});
    await expect(callApi("users.list")).rejects.toThrow(MSG.fetchUsers);
  });

  it("turns a JSON blob from a download call into 'Failed to download file: …'", async () => {
    const blob = new Blob([JSON.stringify({ message: "No numbers" })], { type: "application/json" });
    http.defaults.adapter = respond(200, blob);
    await expect(callApi("campaigns.downloadNumbers", { params: { id: "c1" } })).rejects.toThrow(
      `${MSG.downloadFilePrefix}No numbers`,
    );
  });

  it("an error answer to a download call (a JSON blob) also reads 'Failed to download file: …', with its status", async () => {
    const blob = new Blob([JSON.stringify({ success: false, message: "Campaign not found" })], {
      type: "application/json; charset=utf-8",
    });
    http.defaults.adapter = respond(404, blob);
    const error = await callApi("campaigns.downloadExcel", { query: { campaignId: "c1" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`${MSG.downloadFilePrefix}Campaign not found`);
    expect((error as ApiError).status).toBe(404);
  });

  it("a download whose error body is not JSON still names the download failure", async () => {
    http.defaults.adapter = respond(502, new Blob(["<html>Bad gateway</html>"], { type: "text/html" }));
    await expect(callApi("campaigns.downloadNumbers", { params: { id: "c1" } })).rejects.toThrow(
      MSG.downloadFilePrefix,
    );
  });

  it("a file that arrives is handed back as a Blob", async () => {
    http.defaults.adapter = respond(200, new Blob(["number,state\n+919800000001,delivered\n"], { type: "text/csv" }));
    const file = await callApi("campaigns.downloadNumbers", { params: { id: "c1" } });
    expect(file).toBeInstanceOf(Blob);
  });
});
