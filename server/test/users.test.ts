import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { DEMO_ACCOUNTS } from "../seed";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const list = (as: "admin" | "reseller" | "manager", query = "") =>
  server.call({ method: "GET", url: `/api/admin/users${query}`, as });
const names = (body: { users: { username: string }[] }) => body.users.map((u) => u.username).sort();

describe("tenancy of the users list", () => {
  it("shows an admin every other account, with SPEC 3's response shape", async () => {
    const res = await list("admin");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      "balance",
      "count",
      "limit",
      "page",
      "success",
      "totalPages",
      "userType",
      "users",
    ]);
    expect(body).toMatchObject({
      success: true,
      userType: "admin",
      count: DEMO_ACCOUNTS.length - 1,
      page: 1,
      limit: 10,
      totalPages: 1,
    });
    const total = DEMO_ACCOUNTS.filter((a) => a.username !== "admin").reduce((s, a) => s + a.balance, 0);
    expect(body.balance).toBe(total);
    expect(body.users[0]).not.toHaveProperty("passwordHash");
  });

  it("shows a reseller the accounts it created and a manager its sub-users", async () => {
    expect(names((await list("reseller")).json())).toEqual(["globex", "manager"]);
    expect(names((await list("manager")).json())).toEqual(["agent", "depthead", "priya", "rahul", "user"]);
  });

  it("paginates and searches", async () => {
    const page = (await list("admin", "?page=2&limit=3")).json();
    expect(page).toMatchObject({ page: 2, limit: 3, totalPages: Math.ceil((DEMO_ACCOUNTS.length - 1) / 3) });
    expect(page.users).toHaveLength(3);
    expect(names((await list("admin", "?search=ACME")).json())).toEqual([
      "agent",
      "depthead",
      "manager",
      "priya",
      "rahul",
      "user",
    ]);
    expect(names((await list("admin", "?search=%25")).json())).toEqual([]);
    const past = (await list("admin", "?page=9&limit=3")).json();
    expect(past).toMatchObject({
      count: DEMO_ACCOUNTS.length - 1,
      users: [],
      totalPages: Math.ceil((DEMO_ACCOUNTS.length - 1) / 3),
    });
    expect(
      (await list("manager"))
        .json()
        .users.find((u: { username: string }) => u.username === "priya")
        .modulePermissions.sort(),
    ).toEqual(["campaign", "chat"]);
    expect((await list("admin", "?limit=0")).statusCode).toBe(400);
    expect((await list("admin", "?page=abc")).statusCode).toBe(400);
  });

  it("sorts by username or balance in either order, and refuses a column it does not sort by", async () => {
    const order = async (q: string) =>
      ((await list("manager", q)).json() as { users: { username: string }[] }).users.map((u) => u.username);
    const sorted = ["agent", "depthead", "priya", "rahul", "user"];
    expect(await order("?sort=username&order=asc")).toEqual(sorted);
    expect(await order("?sort=username&order=desc")).toEqual([...sorted].reverse());
    const byBalance = (
      (await list("manager", "?sort=balance&order=desc")).json() as { users: { balance: number }[] }
    ).users.map((u) => u.balance);
    expect(byBalance).toEqual([...byBalance].sort((a, b) => b - a));
    const refused = await list("manager", "?sort=passwordHash");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: "sort", message: "must be one of username, balance, createdAt" }]);
  });

  it("lets an admin list one account's children but not a reseller another's", async () => {
    const managerId = await server.id("manager");
    expect(names((await list("admin", `?userId=${managerId}`)).json())).toEqual([
      "agent",
      "depthead",
      "priya",
      "rahul",
      "user",
    ]);
    const globexId = await server.id("globex");
    expect((await list("manager", `?userId=${globexId}`)).statusCode).toBe(404);
  });

  it("never shows a reseller its customers' sub-users, which every other call answers 404 for", async () => {
    const managerId = await server.id("manager");
    const viaList = await list("reseller", `?userId=${managerId}`);
    expect(viaList.statusCode).toBe(200);
    expect(viaList.json()).toMatchObject({ count: 0, users: [] });
    const priya = await server.id("priya");
    const perms = await server.call({
      method: "GET",
      url: `/api/admin/user-permissions?userId=${priya}`,
      as: "reseller",
    });
    expect(perms.statusCode).toBe(404);
    const ledger = await server.call({ method: "GET", url: `/api/balance/ledger?userId=${priya}`, as: "reseller" });
    expect(ledger.statusCode).toBe(404);
  });
});

describe("updating accounts in reach", () => {
  it("updates a sub-account and refuses one outside reach with 404", async () => {
    const priya = await server.id("priya");
    const ok = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: priya, name: "Priya S." },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.name).toBe("Priya S.");
    const outside = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "reseller",
      payload: { userId: priya, name: "Hacked" },
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(MSG.userNotFound);
    const self = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "user",
      payload: { userId: await server.id("user"), status: "active" },
    });
    expect(self.statusCode).toBe(404);
  });

  it("refuses taking another account's email", async () => {
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: await server.id("rahul"), email: "USER@example.com" },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("module permissions", () => {
  it("reads the caller's own modules and a sub-account's", async () => {
    const own = await server.call({ method: "GET", url: "/api/v1/permissions/modules", as: "manager" });
    expect(
      own
        .json()
        .modulePermissions.map((m: { moduleName: string }) => m.moduleName)
        .sort(),
    ).toEqual(["agent", "campaign", "chat", "template"]);
    const admin = await server.call({ method: "GET", url: "/api/v1/permissions/modules", as: "admin" });
    expect(admin.json().modulePermissions).toHaveLength(5);
    const sub = await server.call({
      method: "GET",
      url: `/api/admin/user-permissions?userId=${await server.id("rahul")}`,
      as: "manager",
    });
    expect(sub.json().modulePermissions).toEqual([{ moduleName: "chat" }]);
  });

  it("grants only modules the granter holds, and the grant takes effect on the next call", async () => {
    const userId = await server.id("rahul");
    const tooMuch = await server.call({
      method: "POST",
      url: "/api/admin/grantPermission",
      as: "manager",
      payload: { userId, moduleNames: ["api"] },
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().message).toBe(MSG.moduleNotHeld);
    const before = await server.call({ method: "GET", url: "/api/ums/v1/api-keys", as: "rahul" });
    expect(before.statusCode).toBe(403);
    const ok = await server.call({
      method: "POST",
      url: "/api/admin/grantPermission",
      as: "admin",
      payload: { userId, moduleNames: ["chat", "api"] },
    });
    expect(ok.statusCode).toBe(200);
    const after = await server.call({ method: "GET", url: "/api/ums/v1/api-keys", as: "rahul" });
    expect(after.statusCode).toBe(200);
  });
});
