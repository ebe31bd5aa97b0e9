import { describe, expect, it } from "vitest";
import { ROLES } from "../../contract";
import { AREA_ROUTES, areaPath, breadcrumbTitles, matchAreaRoute, routeAllows } from "./paths";
import { SCREENS } from "./screens";

const WORKSPACE_PATHS = [
  "", "users", "sub-users", "general", "quota-reports-management", "billing", "api-management",
  "campaigns", "campaigns/individual-numbers", "campaigns/individual-reports", "campaigns/unified",
  "campaigns/rcs-campaign-creation", "campaigns/sms-campaign-creation", "campaigns/whatsapp-campaign-creation",
  "chats", "manage-templates", "manage-templates/rcs", "manage-templates/rcs/creation", "manage-templates/sms",
  "manage-templates/whatsapp", "manage-templates/whatsapp/whatsapp-template-creation", "manage-templates/unified",
  "manage-templates/create-sms", "channels", "channels/rcs", "channels/whatsapp", "channels/sms",
  "agents", "workflows", "workflows/editor", "workflows/view", "reports", "ai-agent-hub", "marketplace",
];

describe("role-area route table (SPEC 2)", () => {
  it.each([
    ["admin", ["", "users", "quota-reports", "campaigns", "settings"]],
    ["reseller", ["", "users", "campaigns", "settings", "quota-management"]],
    ["manager", WORKSPACE_PATHS],
    ["user", WORKSPACE_PATHS],
    ["department_head", WORKSPACE_PATHS],
  ] as const)("%s has exactly the spec's sub-routes", (role, paths) => {
    expect(AREA_ROUTES[role].map((r) => r.path).sort()).toEqual([...paths].sort());
  });

  it.each(["users", "sub-users"])("%s is manager only", (key) => {
    const route = AREA_ROUTES.manager.find((r) => r.key === key)!;
    expect(ROLES.filter((role) => routeAllows(route, role))).toEqual(["manager"]);
  });

  it("builds and matches absolute paths", () => {
    expect(areaPath("manager", "users")).toBe("/organization/users");
    expect(areaPath("department_head")).toBe("/department-head");
    expect(matchAreaRoute("/department-head/channels/sms/")).toMatchObject({ role: "department_head", route: { key: "channels/sms" } });
    expect(matchAreaRoute("/admin")).toMatchObject({ role: "admin", route: { key: "dashboard" } });
    expect(matchAreaRoute("/admin/chats")).toBeNull();
    expect(matchAreaRoute("/elsewhere")).toBeNull();
  });

  it("gives breadcrumb titles from the table", () => {
    expect(breadcrumbTitles("/user/campaigns/unified")).toEqual([
      { path: "/user/campaigns", title: "Campaign Management" },
      { path: "/user/campaigns/unified", title: "Unified Campaigns" },
    ]);
  });

  it("registers the built screens; the rest render Coming soon", () => {
    expect(Object.keys(SCREENS).sort()).toEqual(
      ["billing", "dashboard", "general", "quota-management", "quota-reports", "quota-reports-management", "settings", "sub-users", "users"].sort(),
    );
  });
});
