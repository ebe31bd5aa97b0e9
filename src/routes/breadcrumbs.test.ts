import { describe, expect, it } from "vitest";
import type { Role } from "../../contract";
import { breadcrumbsFor, humanizeSegment } from "./breadcrumbs";

describe("breadcrumbsFor", () => {
  it.each<[Role, string, Array<{ title: string; path?: string }>]>([
    ["admin", "/admin", [{ title: "Admin", path: "/admin" }, { title: "Dashboard" }]],
    ["admin", "/admin/users", [{ title: "Admin", path: "/admin" }, { title: "Users Management" }]],
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
    [
      "department_head",
      "/department-head/quota-reports-management",
      [{ title: "Department head", path: "/department-head" }, { title: "Team Reports" }],
    ],
  ])("%s %s", (role, path, expected) => {
    expect(breadcrumbsFor(role, path)).toEqual(expected);
  });

  it("humanizes segments the route table does not know", () => {
    expect(breadcrumbsFor("user", "/user/campaigns/abc-123")).toEqual([
      { title: "User", path: "/user" },
      { title: "Campaign Management", path: "/user/campaigns" },
      { title: "Abc 123" },
    ]);
    expect(humanizeSegment("whatsapp-template-creation")).toBe("Whatsapp Template Creation");
    expect(humanizeSegment("rcs")).toBe("RCS");
  });
});
