import { describe, expect, it } from "vitest";
import { MODULES, ROLES, type ModuleName, type Role } from "../../../contract";
import { activeLeafKey, navDecision, navLeaves, navSections, type NavItem } from "./nav-items";

const labels = (items: readonly NavItem[]): string[] =>
  items.flatMap((i) =>
    i.kind === "group" ? [i.label, ...i.children.map((c) => `${i.label} > ${c.label}`)] : [i.label],
  );

const allLabels = (role: Role): string[] => navSections(role).flatMap((s) => labels(s.items));

const WORKSPACE_BASE = [
  "Overview",
  "Campaign Management",
  "Communication Channels",
  "Template Management",
  "Performance Reports",
  "Team Reports",
  "Ai Agent Hub",
  "Conversations",
  "API Control",
  "Team Members",
  "Workflow Automation",
  "Settings",
  "Settings > System Settings",
  "Settings > User Administration",
  "Settings > Sub-Account Management",
  "Settings > Subscription & Billing",
];
const without = (list: string[], ...drop: string[]) => list.filter((l) => !drop.includes(l));

describe("navSections: which items each role sees (SPEC 2)", () => {
  it.each<[Role, string[]]>([
    ["admin", ["Dashboard", "Campaigns", "Users Management", "Quota Reports", "Settings", "Support", "Feedback"]],
    ["reseller", ["Dashboard", "Campaigns", "Users Management", "Quota Management", "Settings", "Support", "Feedback"]],
    ["manager", WORKSPACE_BASE],
    [
      "user",
      without(WORKSPACE_BASE, "Team Reports", "Settings > User Administration", "Settings > Sub-Account Management"),
    ],
    ["department_head", without(WORKSPACE_BASE, "Settings > User Administration", "Settings > Sub-Account Management")],
  ])("%s", (role, expected) => {
    expect(allLabels(role)).toEqual(expected);
  });

  it.each<[Role, string | undefined]>([
    ["admin", undefined],
    ["reseller", undefined],
    ["manager", "Workspace"],
    ["user", "Workspace"],
    ["department_head", "Workspace"],
  ])("%s section title is %s", (role, title) => {
    expect(navSections(role)[0].title).toBe(title);
  });
});

describe("navDecision: module gating and links under the role prefix", () => {
  const only = (held: readonly ModuleName[]) => (m: ModuleName) => held.includes(m);
  const leaf = (role: Role, key: string) => {
    const found = navLeaves(navSections(role)).find((l) => l.key === key);
    if (!found) throw new Error(`no ${key} for ${role}`);
    return found;
  };

  it.each<[Role, string, readonly ModuleName[], ReturnType<typeof navDecision>]>([
    ["manager", "campaigns", ["campaign"], { action: "navigate", to: "/organization/campaigns" }],
    ["manager", "api-management", ["campaign", "template", "chat"], { action: "restricted", module: "api" }],
    ["manager", "agents", ["campaign"], { action: "restricted", module: "agent" }],
    ["user", "chats", ["chat"], { action: "navigate", to: "/user/chats" }],
    ["user", "manage-templates", [], { action: "restricted", module: "template" }],
    ["department_head", "channels", [], { action: "navigate", to: "/department-head/channels" }],
    ["department_head", "dashboard", [], { action: "navigate", to: "/department-head" }],
    ["manager", "sub-users", [], { action: "navigate", to: "/organization/sub-users" }],
    ["manager", "quota-reports-management", [], { action: "navigate", to: "/organization/quota-reports-management" }],
    ["admin", "users", [], { action: "navigate", to: "/admin/users" }],
    ["reseller", "quota-management", [], { action: "navigate", to: "/reseller/quota-management" }],
  ])("%s %s with %j", (role, key, held, expected) => {
    expect(navDecision(role, leaf(role, key), only(held))).toEqual(expected);
  });

  it("gates exactly the five module items for every workspace role", () => {
    for (const role of ROLES.filter((r) => r !== "admin" && r !== "reseller")) {
      const gated = navLeaves(navSections(role)).flatMap((l) => (l.module ? [l.module] : []));
      expect([...gated].sort()).toEqual([...MODULES].sort());
    }
  });
});

describe("activeLeafKey", () => {
  it.each<[Role, string, string | null]>([
    ["manager", "/organization", "dashboard"],
    ["manager", "/organization/", "dashboard"],
    ["manager", "/organization/campaigns/unified", "campaigns"],
    ["manager", "/organization/sub-users", "sub-users"],
    ["user", "/user/manage-templates/rcs/creation", "manage-templates"],
    ["admin", "/admin", "dashboard"],
    ["admin", "/admin/quota-reports", "quota-reports"],
    ["admin", "/admin/unknown", null],
    ["user", "/user/api", "api-management"],
  ])("%s at %s → %s", (role, path, key) => {
    expect(activeLeafKey(role, path, navSections(role))).toBe(key);
  });
});
