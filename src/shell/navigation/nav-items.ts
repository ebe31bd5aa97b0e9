import { areaPath, MODULE_GATED_ROLES, type ModuleName, type Role } from "../../../contract";

export { areaPath };

/** Icon names are plain strings so this file stays pure (and testable); the menu maps them to components. */
export type NavIcon =
  | "dashboard"
  | "campaign"
  | "users"
  | "quota"
  | "settings"
  | "support"
  | "feedback"
  | "channels"
  | "template"
  | "reports"
  | "team-reports"
  | "ai"
  | "chat"
  | "api"
  | "agents"
  | "workflow"
  | "billing";

export interface NavLeaf {
  kind: "link";
  key: string;
  label: string;
  /** Sub-path under the role's prefix; "" is the area's home. */
  path: string;
  icon: NavIcon;
  /** Module permission the item needs (SPEC 2, 6). */
  module?: ModuleName;
}

/** Support and Feedback have no route in SPEC 2: they open a dialog instead of navigating. */
export interface NavDialog {
  kind: "dialog";
  key: "support" | "feedback";
  label: string;
  icon: NavIcon;
}

export interface NavGroup {
  kind: "group";
  key: string;
  label: string;
  icon: NavIcon;
  children: NavLeaf[];
}

export type NavItem = NavLeaf | NavDialog | NavGroup;

/** A sidebar section; the workspace shell puts everything under 'Workspace', admin/reseller have no title. */
export interface NavSection {
  title?: string;
  items: NavItem[];
}

const link = (key: string, label: string, path: string, icon: NavIcon, module?: ModuleName): NavLeaf =>
  module ? { kind: "link", key, label, path, icon, module } : { kind: "link", key, label, path, icon };

export function isWorkspaceRole(role: Role): boolean {
  return MODULE_GATED_ROLES.includes(role);
}

function operatorSections(role: "admin" | "reseller"): NavSection[] {
  // SPEC 2: the reseller sidebar swaps Quota Reports for Quota Management (its route is quota-management).
  const quota =
    role === "admin"
      ? link("quota-reports", "Quota Reports", "quota-reports", "quota")
      : link("quota-management", "Quota Management", "quota-management", "quota");
  return [
    {
      items: [
        link("dashboard", "Dashboard", "", "dashboard"),
        link("campaigns", "Campaigns", "campaigns", "campaign"),
        link("users", "Users Management", "users", "users"),
        quota,
        link("settings", "Settings", "settings", "settings"),
        { kind: "dialog", key: "support", label: "Support", icon: "support" },
        { kind: "dialog", key: "feedback", label: "Feedback", icon: "feedback" },
      ],
    },
  ];
}

function workspaceSections(role: Role): NavSection[] {
  const isManager = role === "manager";
  const settings: NavLeaf[] = [
    link("general", "System Settings", "general", "settings"),
    ...(isManager
      ? [link("users", "User Administration", "users", "users"), link("sub-users", "Sub-Account Management", "sub-users", "users")]
      : []),
    link("billing", "Subscription & Billing", "billing", "billing"),
  ];
  const items: NavItem[] = [
    link("overview", "Overview", "", "dashboard"),
    link("campaigns", "Campaign Management", "campaigns", "campaign", "campaign"),
    link("channels", "Communication Channels", "channels", "channels"),
    link("manage-templates", "Template Management", "manage-templates", "template", "template"),
    link("reports", "Performance Reports", "reports", "reports"),
    ...(role === "user" ? [] : [link("quota-reports-management", "Team Reports", "quota-reports-management", "team-reports")]),
    link("ai-agent-hub", "Ai Agent Hub", "ai-agent-hub", "ai"),
    link("chats", "Conversations", "chats", "chat", "chat"),
    link("api-management", "API Control", "api-management", "api", "api"),
    link("agents", "Team Members", "agents", "agents", "agent"),
    link("workflows", "Workflow Automation", "workflows", "workflow"),
    { kind: "group", key: "settings", label: "Settings", icon: "settings", children: settings },
  ];
  return [{ title: "Workspace", items }];
}

/** The sidebar of SPEC 2 for a role: which items exist and in what order (visibility, not gating). */
export function navSections(role: Role): NavSection[] {
  if (role === "admin" || role === "reseller") return operatorSections(role);
  return workspaceSections(role);
}

/** Every link of the sidebar, groups flattened, in order. */
export function navLeaves(sections: readonly NavSection[]): NavLeaf[] {
  return sections.flatMap((s) =>
    s.items.flatMap((item): NavLeaf[] => (item.kind === "group" ? item.children : item.kind === "link" ? [item] : [])),
  );
}

/** What clicking a link does: navigate, or explain that the module is not enabled (SPEC 2 module gating). */
export type NavDecision = { action: "navigate"; to: string } | { action: "restricted"; module: ModuleName };

export function navDecision(role: Role, leaf: NavLeaf, canUse: (module: ModuleName) => boolean): NavDecision {
  if (leaf.module && !canUse(leaf.module)) return { action: "restricted", module: leaf.module };
  return { action: "navigate", to: areaPath(role, leaf.path) };
}

/**
 * The active item for a path: the leaf with the longest matching sub-path, so
 * /organization/campaigns/unified highlights Campaign Management and /organization highlights Overview.
 */
export function activeLeafKey(role: Role, pathname: string, sections: readonly NavSection[]): string | null {
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  let best: { key: string; length: number } | null = null;
  for (const leaf of navLeaves(sections)) {
    const full = areaPath(role, leaf.path);
    const matches = leaf.path === "" ? trimmed === full : trimmed === full || trimmed.startsWith(`${full}/`);
    if (matches && (!best || full.length > best.length)) best = { key: leaf.key, length: full.length };
  }
  return best?.key ?? null;
}
