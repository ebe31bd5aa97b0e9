import { describe, expect, it } from "vitest";
import { CALL_IDS, ROLES, type Role } from "../contract";
import {
  areaPath,
  areaRoutes,
  breadcrumbsFor,
  callOf,
  humanizeSegment,
  matchAreaRoute,
  routeAllows,
  RESOURCES,
} from ".";

const WORKSPACE_PATHS = [
  "",
  "users",
  "sub-users",
  "general",
  "quota-reports-management",
  "billing",
  "api-management",
  "api",
  "campaigns",
  "campaigns/individual-numbers",
  "campaigns/individual-reports",
  "campaigns/unified",
  "campaigns/rcs-campaign-creation",
  "campaigns/sms-campaign-creation",
  "campaigns/whatsapp-campaign-creation",
  "chats",
  "manage-templates",
  "manage-templates/rcs",
  "manage-templates/rcs/creation",
  "manage-templates/sms",
  "manage-templates/whatsapp",
  "manage-templates/whatsapp/whatsapp-template-creation",
  "manage-templates/unified",
  "manage-templates/create-sms",
  "channels",
  "channels/rcs",
  "channels/whatsapp",
  "channels/sms",
  "agents",
  "workflows",
  "workflows/editor",
  "workflows/view",
  "reports",
  "ai-agent-hub",
  "marketplace",
  // Our addition: the media library (uploads), opened by managers and users.
  "media-library",
  // Our addition (issue 9): the account's suppression list.
  "campaigns/suppression-list",
  // Our addition (issue 35): the account's DND list (customers' preferences for Indian SMS).
  "campaigns/dnd-list",
  // Our addition (issue 39): the account's contacts.
  "campaigns/contacts",
  // Our addition (issue 39 item 4): segments of the contacts, opened from the Contacts screen.
  "campaigns/contacts/segments",
  // Our addition (issue 41 item 5): recurring campaigns, opened from Campaign Management.
  "campaigns/recurring",
  // Our addition (issue 41 item 4): A/B tests, opened from Campaign Management.
  "campaigns/ab-tests",
  // Our addition (issue 37): the message log.
  "campaigns/message-log",
  // Our addition (issue 10): the simulated customer phone (sandbox carrier).
  "chats/phone",
  // Our addition (issue 40 item 2): the account's canned responses, opened from the Conversations header.
  "chats/canned-responses",
  // Our addition (issue 12): webhooks, their delivery log and the API docs, in API Control.
  "api-management/webhooks",
  "api-management/webhooks/deliveries",
  "api-management/docs",
  // Our addition (issue 13): one AI agent's workspace (?id=…), opened from the AI Agent Hub.
  "ai-agent-hub/agent",
  // Our addition (issue 40 item 8): the supervisor wallboard, opened from Team Members.
  "agents/wallboard",
];

describe("role-area routes derived from resources/ (SPEC 2)", () => {
  it.each([
    // settings/rcs-bots: the admin's RCS bot screen (SPEC 2 gives the admin area no channels route);
    // settings/rates: the admin's message rates (issue 9); a reseller's customer rates and margin (issue 37).
    // campaigns/message-log: one customer's message log (issue 37); campaigns/ab-tests: customers' A/B tests (issue 41).
    // settings/support: the support desk's tickets (issue 37), opened from the Support and Feedback dialog.
    [
      "admin",
      [
        "",
        "users",
        "quota-reports",
        "campaigns",
        "campaigns/message-log",
        "campaigns/ab-tests",
        "settings",
        "settings/rcs-bots",
        "settings/rates",
        "settings/support",
      ],
    ],
    [
      "reseller",
      [
        "",
        "users",
        "campaigns",
        "campaigns/message-log",
        "campaigns/ab-tests",
        "settings",
        "quota-management",
        "settings/rates",
        "settings/support",
      ],
    ],
    ["manager", WORKSPACE_PATHS],
    ["user", WORKSPACE_PATHS],
    ["department_head", WORKSPACE_PATHS],
  ] as const)(
    "%s has exactly the spec's sub-routes (plus /api for the API keys screen and the media library)",
    (role, paths) => {
      expect(
        areaRoutes(role)
          .map((r) => r.path)
          .sort(),
      ).toEqual([...paths].sort());
    },
  );

  it.each(["users", "sub-users"])("%s is manager only", (path) => {
    const route = areaRoutes("manager").find((r) => r.path === path)!;
    expect(ROLES.filter((role) => routeAllows(route, role))).toEqual(["manager"]);
  });

  it("builds and matches absolute paths, child routes included", () => {
    expect(areaPath("manager", "users")).toBe("/organization/users");
    expect(areaPath("department_head")).toBe("/department-head");
    expect(matchAreaRoute("/department-head/channels/sms/")).toMatchObject({
      role: "department_head",
      route: { path: "channels/sms", resource: { name: "sms-accounts" } },
    });
    expect(matchAreaRoute("/admin")).toMatchObject({
      role: "admin",
      route: { path: "", resource: { name: "dashboard" } },
    });
    expect(matchAreaRoute("/admin/users/edit/abc")).toMatchObject({
      route: { path: "users" },
      child: { page: "edit" },
    });
    expect(matchAreaRoute("/organization/api")).toMatchObject({
      route: { resource: { name: "api-keys" }, page: "list" },
    });
    expect(matchAreaRoute("/admin/chats")).toBeNull();
    expect(matchAreaRoute("/elsewhere")).toBeNull();
  });

  it("declares every entity once, with unique names and known call ids", () => {
    const names = RESOURCES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const res of RESOURCES) {
      for (const id of Object.values(res.actions)) expect(CALL_IDS).toContain(id);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        "users",
        "ledger",
        "balance-requests",
        "account",
        "settings",
        "channels",
        "sms-accounts",
        "wabas",
        "bots",
        "sms-templates",
        "whatsapp-templates",
        "rcs-templates",
        "template-library",
        "uploads",
        "campaigns",
        "conversations",
        "live-agents",
        "reports",
        "api-keys",
        "key-configs",
        "ums-requests",
        "ai-agents",
        "agent-configs",
        "knowledge",
        "business-context",
        "intents",
        "marketplace",
        "workflows",
      ]),
    );
  });

  it("writes 'Users Management' once: the admin and reseller title of the users resource", () => {
    const hits = RESOURCES.flatMap((r) => r.routes.filter((x) => x.title === "Users Management").map(() => r.name));
    expect(hits).toEqual(["users"]);
  });

  it("maps CRUD actions to calls, and nothing else (other calls are named by id)", () => {
    expect(callOf("users", "list")).toBe("users.list");
    expect(callOf("users", "addBalance")).toBeUndefined();
    expect(callOf("api-keys", "delete")).toBe("apiKeys.delete");
    expect(callOf("users", "delete")).toBeUndefined();
    expect(callOf("nope", "list")).toBeUndefined();
  });
});

describe("breadcrumbsFor", () => {
  it.each<[Role, string, Array<{ title: string; path?: string }>]>([
    ["admin", "/admin", [{ title: "Admin", path: "/admin" }, { title: "Dashboard" }]],
    ["admin", "/admin/users", [{ title: "Admin", path: "/admin" }, { title: "Users Management" }]],
    [
      "admin",
      "/admin/users/create",
      [
        { title: "Admin", path: "/admin" },
        { title: "Users Management", path: "/admin/users" },
        { title: "Create user" },
      ],
    ],
    ["manager", "/organization/", [{ title: "Organization", path: "/organization" }, { title: "Overview" }]],
    [
      "manager",
      "/organization/campaigns/sms-campaign-creation",
      [
        { title: "Organization", path: "/organization" },
        { title: "Campaign Management", path: "/organization/campaigns" },
        { title: "New SMS Campaign" },
      ],
    ],
    ["user", "/user/billing", [{ title: "User", path: "/user" }, { title: "Subscription & Billing" }]],
    ["user", "/user/api", [{ title: "User", path: "/user" }, { title: "API Control" }]],
    [
      "department_head",
      "/department-head/quota-reports-management",
      [{ title: "Department head", path: "/department-head" }, { title: "Team Reports" }],
    ],
  ])("%s %s", (role, path, expected) => {
    expect(breadcrumbsFor(role, path)).toEqual(expected);
  });

  it("humanizes segments no route declares", () => {
    expect(breadcrumbsFor("user", "/user/campaigns/abc-123")).toEqual([
      { title: "User", path: "/user" },
      { title: "Campaign Management", path: "/user/campaigns" },
      { title: "Abc 123" },
    ]);
    expect(humanizeSegment("whatsapp-template-creation")).toBe("Whatsapp Template Creation");
    expect(humanizeSegment("rcs")).toBe("RCS");
  });
});
