import { describe, expect, it } from "vitest";
import {
  CALL_IDS,
  CALLS,
  defineAbilityFor,
  MODULES,
  MSG,
  ROLES,
  type CallDef,
  type CallId,
  type Role,
} from "../../contract";
import { buildQuery, localCheck, roleMayCall, type CallOptions } from "./local-checks";

/** Options that satisfy every required id (and the userIds rule) of a call. */
function complete(id: CallId): CallOptions {
  const def: CallDef = CALLS[id];
  const params: Record<string, string> = {};
  const query: Record<string, string | string[]> = {};
  for (const r of def.requiredIds ?? []) (r.in === "path" ? params : query)[r.name] = "abc";
  if (id === "dashboard.statusCounts" || id === "dashboard.storedStatusCounts") query.userIds = ["u1"];
  return { params, query };
}

/**
 * The expectation, read straight off the table's `access` column (independent of the ability factory). An API-key
 * call (the public API) takes no session of any role.
 */
function allowed(id: CallId, role: Role): boolean {
  const { access } = CALLS[id] as CallDef;
  if (access === "api-key") return false;
  return typeof access === "string" ? true : access.includes(role);
}

const rows = CALL_IDS.flatMap((id) => ROLES.map((role) => [id, role] as const));

describe("SPEC 5 local checks: every call × every role", () => {
  it.each(rows)("%s as %s", (id, role) => {
    const result = localCheck(id, { type: role, token: "tok" }, complete(id));
    expect(result).toBe(allowed(id, role) ? null : MSG.notAuthorized);
  });
});

describe("SPEC 5 local checks: sign-in and token, per call", () => {
  it.each(CALL_IDS)("%s", (id) => {
    const publicCall = CALLS[id].access === "public";
    expect(localCheck(id, null, complete(id))).toBe(publicCall ? null : MSG.notAuthenticated);
    expect(localCheck(id, { type: "admin", token: "" }, complete(id))).toBe(publicCall ? null : MSG.noToken);
  });

  it("checks in order: user, then token, then role", () => {
    expect(localCheck("bots.get", null)).toBe(MSG.notAuthenticated);
    expect(localCheck("bots.get", { type: "user", token: null })).toBe(MSG.noToken);
    expect(localCheck("bots.get", { type: "user", token: "t" }, { params: { id: "b" } })).toBe(MSG.notAuthorized);
  });
});

const requiredRows = CALL_IDS.flatMap((id) =>
  ((CALLS[id] as CallDef).requiredIds ?? []).map((req) => [id, req.name, req.in, req.message] as const),
);

describe("SPEC 5 required ids", () => {
  it.each(requiredRows)("%s without %s (%s) says %s", (id, name, where, message) => {
    const role = ROLES.find((r) => allowed(id, r)) as Role;
    const opts = complete(id);
    const bag = where === "path" ? opts.params : opts.query;
    for (const blank of [undefined, ""]) {
      const without = { ...opts, [where === "path" ? "params" : "query"]: { ...bag, [name]: blank } };
      expect(localCheck(id, { type: role, token: "t" }, without)).toBe(message);
    }
  });

  it("covers the spec's four messages", () => {
    const messages = new Set(requiredRows.map((r) => r[3]));
    expect(messages).toEqual(
      new Set([MSG.campaignIdRequired, MSG.apiKeyIdRequired, MSG.keyConfigIdRequired, MSG.requestIdRequired]),
    );
  });
});

describe("status counts need a non-empty userIds array", () => {
  const caller = { type: "admin", token: "t" } as const;
  it.each([
    [undefined, MSG.noUserIds],
    [[], MSG.noUserIds],
    ["u1,u2", MSG.userIdsNotArray],
    [["u1", "u2"], null],
  ])("userIds=%j → %s", (userIds, expected) => {
    expect(localCheck("dashboard.statusCounts", caller, { query: { userIds } })).toBe(expected);
  });
});

describe("buildQuery", () => {
  it("applies the table's defaults and lets callers override them", () => {
    expect(buildQuery("users.list")).toEqual({ page: 1, limit: 10 });
    expect(buildQuery("users.list", { page: 3, search: "ana", userId: undefined })).toEqual({
      page: 3,
      limit: 10,
      search: "ana",
    });
    expect(buildQuery("liveAgents.metrics")).toEqual({ period: "day" });
  });

  it("comma-joins lists, with ' , ' for campaign lists (SPEC 7)", () => {
    expect(buildQuery("dashboard.statusCounts", { userIds: ["a", "b"] })).toEqual({ userIds: "a,b" });
    expect(buildQuery("campaigns.list", { userIds: ["a", "b"] })).toMatchObject({ userIds: "a , b" });
  });
});

describe("roleMayCall", () => {
  it("agrees with the ability of every role holding every module, for every call", () => {
    for (const role of ROLES) {
      const ability = defineAbilityFor({ role, modules: [...MODULES] });
      for (const id of CALL_IDS) expect([role, id, roleMayCall(role, id)]).toEqual([role, id, ability.can("call", id)]);
    }
  });
});
