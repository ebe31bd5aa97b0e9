import type { HttpRequest } from "../api/http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MSG } from "../../contract";
import { callRequest } from "../api";
import { http } from "../api/client";
import { sessionStore } from "../state/session";
import { accessControlProvider } from "./access-control-provider";
import { abilityFor } from "./ability";
import { dataProvider } from "./data-provider";

let seen: HttpRequest[] = [];
function reply(data: unknown) {
  http.defaults.adapter = async (config) => {
    seen.push(config);
    return { status: 200, data };
  };
}

beforeEach(() => {
  seen = [];
  sessionStore.loginSucceeded({
    _id: "r",
    username: "reseller",
    email: "r@example.com",
    type: "reseller",
    token: "t",
    expiresAt: 2_000_000_000,
    isFirstLogin: false,
  });
});
afterEach(() => {
  http.defaults.adapter = undefined;
  sessionStore.logout();
});

describe("dataProvider", () => {
  it("users.getList: server pagination, search filter, total = count", async () => {
    reply({ success: true, users: [{ _id: "1" }], count: 31, balance: 900, totalPages: 4, page: 2, limit: 10 });
    const res = await dataProvider.getList({
      resource: "users",
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [{ field: "search", operator: "contains", value: "ana" }],
    });
    expect(seen[0].params).toEqual({ page: 2, limit: 10, search: "ana" });
    expect(res).toMatchObject({ data: [{ _id: "1" }], total: 31 });
  });

  it("campaigns.getList reads {campaigns, totalCampaigns}; a reply without the campaigns array is an empty list of one page (SPEC 4)", async () => {
    reply({
      success: true,
      campaigns: [{ _id: "c1" }],
      totalCampaigns: 23,
      totalPages: 3,
      campaignStats: [],
      channel: "all",
    });
    const res = await dataProvider.getList({
      resource: "campaigns",
      pagination: { currentPage: 1, pageSize: 10 },
      filters: [{ field: "userIds", operator: "eq", value: "a , b" }],
    });
    expect(seen[0].params).toEqual({ page: 1, limit: 10, userIds: "a , b" });
    expect(res).toMatchObject({ data: [{ _id: "c1" }], total: 23, totalPages: 3, channel: "all" });
    reply({ success: true, totalCampaigns: 23, totalPages: 3 });
    expect(await dataProvider.getList({ resource: "campaigns" })).toEqual({ data: [], total: 0, totalPages: 1 });
  });

  it("users.update sends userId with the changes; create registers", async () => {
    reply({ success: true, data: { _id: "1", name: "N" } });
    await dataProvider.update({ resource: "users", id: "1", variables: { name: "N" } });
    expect(seen[0]).toMatchObject({ method: "PUT", url: expect.stringContaining("/api/v1/admin/user") });
    expect(JSON.parse(String(seen[0].data))).toEqual({ name: "N", userId: "1" });
    await dataProvider.create({ resource: "users", variables: { username: "x" } });
    expect(seen[1].url).toContain("/api/v1/auth/register");
  });

  it("ledger and balance-requests read {data, count}", async () => {
    reply({ success: true, data: [{ _id: "l" }], count: 1, page: 1, limit: 10, totalPages: 1 });
    const ledger = await dataProvider.getList({
      resource: "ledger",
      filters: [{ field: "userId", operator: "eq", value: "u9" }],
    });
    expect(seen[0].url).toContain("/api/balance/ledger");
    expect(seen[0].params).toEqual({ page: 1, limit: 10, userId: "u9" });
    expect(ledger.total).toBe(1);
    await dataProvider.getList({ resource: "balance-requests" });
    expect(seen[1].url).toContain("/api/balance/requests");
  });

  it("routes by the resources' call ids: :id in the path, sort in the query, custom calls by id", async () => {
    reply({ success: true, data: { _id: "k1" } });
    await dataProvider.deleteOne({ resource: "api-keys", id: "k1" });
    expect(seen[0]).toMatchObject({ method: "DELETE", url: expect.stringContaining("/api/ums/v1/api-keys/k1") });
    reply({ success: true, users: [], count: 0 });
    await dataProvider.getList({ resource: "users", sorters: [{ field: "balance", order: "desc" }] });
    expect(seen[1].params).toMatchObject({ sort: "balance", order: "desc" });
    reply({ success: true, balance: 10 });
    const res = await dataProvider.custom!({ ...callRequest("balance.add"), payload: { userId: "u", amount: 10 } });
    expect(seen[2].url).toContain("/api/balance/add-balance");
    expect(res.data).toMatchObject({ balance: 10 });
  });

  it("a custom mutation's query fields travel in meta.query (DELETE /api/waba/templates?templateName= with a body)", async () => {
    sessionStore.loginSucceeded({
      _id: "m",
      username: "manager",
      email: "m@example.com",
      type: "manager",
      token: "t",
      expiresAt: 2_000_000_000,
      isFirstLogin: false,
    });
    reply({ success: true, message: "Template t deleted" });
    await dataProvider.custom!({
      ...callRequest("waba.templates.delete", { query: { templateName: "t" } }),
      payload: { waba_id: "w1" },
    });
    expect(seen[0]).toMatchObject({
      method: "DELETE",
      url: expect.stringContaining("/api/waba/templates"),
      params: { templateName: "t" },
    });
    expect(JSON.parse(String(seen[0].data))).toEqual({ waba_id: "w1" });
  });

  it("uploads: a FormData create reports its progress, and a delete carries its body", async () => {
    sessionStore.loginSucceeded({
      _id: "m",
      username: "manager",
      email: "m@example.com",
      type: "manager",
      token: "t",
      expiresAt: 2_000_000_000,
      isFirstLogin: false,
    });
    reply({ success: true, data: { _id: "f1" } });
    const form = new FormData();
    form.append("channel", "rcs");
    const progress: number[] = [];
    await dataProvider.create({
      resource: "uploads",
      variables: form,
      meta: { onUploadProgress: (f: number) => progress.push(f) },
    });
    expect(seen[0]).toMatchObject({ method: "POST", url: expect.stringContaining("/api/upload/aws-upload") });
    expect(seen[0].data).toBe(form);
    seen[0].onUploadProgress?.({ loaded: 50, total: 200 });
    expect(progress).toEqual([0.25]);
    await dataProvider.deleteOne({ resource: "uploads", id: "f1", variables: { channel: "rcs" } });
    expect(seen[1]).toMatchObject({ method: "DELETE", url: expect.stringContaining("/api/upload/f1") });
    expect(JSON.parse(String(seen[1].data))).toEqual({ channel: "rcs" });
  });

  it("a custom FormData call (a campaign's audience file) reports its upload progress", async () => {
    sessionStore.loginSucceeded({
      _id: "m",
      username: "manager",
      email: "m@example.com",
      type: "manager",
      token: "t",
      expiresAt: 2_000_000_000,
      isFirstLogin: false,
    });
    reply({ success: true, message: "Campaign created", data: { _id: "c1" } });
    const form = new FormData();
    form.append("campaignName", "Diwali");
    const progress: number[] = [];
    const request = callRequest("waba.campaigns.create");
    await dataProvider.custom!({
      ...request,
      payload: form,
      meta: { ...request.meta, onUploadProgress: (f: number) => progress.push(f) },
    });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: expect.stringContaining("/api/waba/campaign/create-campaign"),
    });
    expect(seen[0].data).toBe(form);
    seen[0].onUploadProgress?.({ loaded: 300, total: 400 });
    expect(progress).toEqual([0.75]);
  });

  it("refuses an action the resource does not declare, without a request", async () => {
    reply({});
    await expect(dataProvider.deleteOne({ resource: "users", id: "1" })).rejects.toMatchObject({
      message: "delete is not supported for users",
    });
    expect(seen).toHaveLength(0);
  });

  it("rejects a balance request of zero before calling the server", async () => {
    reply({});
    await expect(
      dataProvider.create({ resource: "balance-requests", variables: { requestedBalance: 0 } }),
    ).rejects.toMatchObject({ message: MSG.invalidBalanceAmount });
    expect(seen).toHaveLength(0);
  });
});

describe("accessControlProvider", () => {
  it("answers from the session's ability (role and modules)", async () => {
    abilityFor("user", "tok-u", ["campaign"]);
    await expect(accessControlProvider.can({ resource: "users", action: "list" })).resolves.toMatchObject({
      can: false,
    });
    await expect(accessControlProvider.can({ resource: "campaign", action: "use" })).resolves.toMatchObject({
      can: true,
    });
    await expect(accessControlProvider.can({ resource: "api", action: "use" })).resolves.toMatchObject({ can: false });
    abilityFor("manager", "tok-m", []);
    await expect(accessControlProvider.can({ resource: "users", action: "list" })).resolves.toMatchObject({
      can: true,
    });
  });

  it("keeps one ability per token and module set", () => {
    const a = abilityFor("user", "tok-1", ["chat", "api"]);
    expect(abilityFor("user", "tok-1", ["api", "chat"])).toBe(a);
    expect(abilityFor("user", "tok-2", ["api", "chat"])).not.toBe(a);
  });
});
