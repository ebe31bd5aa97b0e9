import { areaPath, ROLE_AREAS, ROLES, type Role } from "../../contract";

// Pure path facts live in the contract, so shell and pages need not import this route table.
export { areaPath, PUBLIC_PATHS } from "../../contract";

/**
 * SPEC 2's role-area route table as data. `key` names the screen in src/routes/screens.tsx; `path` is relative
 * to the area prefix ('' = the area's dashboard); `roles` narrows a route inside a shared area.
 */
export interface AreaRoute {
  key: RouteKey;
  path: string;
  title: string;
  roles?: readonly Role[];
}

export const ROUTE_KEYS = [
  "dashboard", "users", "sub-users", "quota-reports", "quota-management", "campaigns", "settings",
  "general", "quota-reports-management", "billing", "api-management",
  "campaigns/individual-numbers", "campaigns/individual-reports", "campaigns/unified",
  "campaigns/rcs-campaign-creation", "campaigns/sms-campaign-creation", "campaigns/whatsapp-campaign-creation",
  "chats",
  "manage-templates", "manage-templates/rcs", "manage-templates/rcs/creation", "manage-templates/sms",
  "manage-templates/whatsapp", "manage-templates/whatsapp/whatsapp-template-creation", "manage-templates/unified",
  "manage-templates/create-sms",
  "channels", "channels/rcs", "channels/whatsapp", "channels/sms",
  "agents", "workflows", "workflows/editor", "workflows/view", "reports", "ai-agent-hub", "marketplace",
] as const;
export type RouteKey = (typeof ROUTE_KEYS)[number];

const r = (key: RouteKey, title: string, roles?: readonly Role[]): AreaRoute => ({
  key,
  path: key === "dashboard" ? "" : key,
  title,
  ...(roles ? { roles } : {}),
});

const ADMIN_ROUTES: readonly AreaRoute[] = [
  r("dashboard", "Dashboard"),
  r("users", "Users Management"),
  r("quota-reports", "Quota Reports"),
  r("campaigns", "Campaigns"),
  r("settings", "Settings"),
];

const RESELLER_ROUTES: readonly AreaRoute[] = [
  r("dashboard", "Dashboard"),
  r("users", "Users Management"),
  r("campaigns", "Campaigns"),
  r("settings", "Settings"),
  r("quota-management", "Quota Management"),
];

const MANAGER_ONLY: readonly Role[] = ["manager"];

/** Shared by /organization, /user and /department-head. */
const WORKSPACE_ROUTES: readonly AreaRoute[] = [
  r("dashboard", "Overview"),
  r("users", "User Administration", MANAGER_ONLY),
  r("sub-users", "Sub-Account Management", MANAGER_ONLY),
  r("general", "System Settings"),
  r("quota-reports-management", "Team Reports"),
  r("billing", "Subscription & Billing"),
  r("api-management", "API Control"),
  r("campaigns", "Campaign Management"),
  r("campaigns/individual-numbers", "Individual Numbers"),
  r("campaigns/individual-reports", "Individual Reports"),
  r("campaigns/unified", "Unified Campaigns"),
  r("campaigns/rcs-campaign-creation", "New RCS Campaign"),
  r("campaigns/sms-campaign-creation", "New SMS Campaign"),
  r("campaigns/whatsapp-campaign-creation", "New WhatsApp Campaign"),
  r("chats", "Conversations"),
  r("manage-templates", "Template Management"),
  r("manage-templates/rcs", "RCS Templates"),
  r("manage-templates/rcs/creation", "New RCS Template"),
  r("manage-templates/sms", "SMS Templates"),
  r("manage-templates/whatsapp", "WhatsApp Templates"),
  r("manage-templates/whatsapp/whatsapp-template-creation", "New WhatsApp Template"),
  r("manage-templates/unified", "Unified Templates"),
  r("manage-templates/create-sms", "New SMS Template"),
  r("channels", "Communication Channels"),
  r("channels/rcs", "RCS Channel"),
  r("channels/whatsapp", "WhatsApp Channel"),
  r("channels/sms", "SMS Channel"),
  r("agents", "Team Members"),
  r("workflows", "Workflow Automation"),
  r("workflows/editor", "Workflow Editor"),
  r("workflows/view", "Workflow View"),
  r("reports", "Performance Reports"),
  r("ai-agent-hub", "Ai Agent Hub"),
  r("marketplace", "Marketplace"),
];

export const AREA_ROUTES: Readonly<Record<Role, readonly AreaRoute[]>> = {
  admin: ADMIN_ROUTES,
  reseller: RESELLER_ROUTES,
  manager: WORKSPACE_ROUTES,
  user: WORKSPACE_ROUTES,
  department_head: WORKSPACE_ROUTES,
};

/** The route an absolute path points at, with the role whose area it is in. */
export function matchAreaRoute(pathname: string): { role: Role; route: AreaRoute } | null {
  const clean = pathname.replace(/\/+$/, "") || "/";
  for (const role of ROLES) {
    const { prefix } = ROLE_AREAS[role];
    if (clean !== prefix && !clean.startsWith(`${prefix}/`)) continue;
    const sub = clean.slice(prefix.length).replace(/^\//, "");
    const route = AREA_ROUTES[role].find((x) => x.path === sub);
    return route ? { role, route } : null;
  }
  return null;
}

/** Whether a role may open a route of its own area (SPEC 2: a route may list allowed roles). */
export function routeAllows(route: AreaRoute, role: Role): boolean {
  return !route.roles || route.roles.includes(role);
}

/** Breadcrumb titles for a path, from the route table ("/user/campaigns/unified" → Campaign Management › Unified Campaigns). */
export function breadcrumbTitles(pathname: string): { path: string; title: string }[] {
  const match = matchAreaRoute(pathname);
  if (!match) return [];
  const { role, route } = match;
  const out: { path: string; title: string }[] = [];
  const parts = route.path ? route.path.split("/") : [];
  for (let i = 1; i <= parts.length; i++) {
    const sub = parts.slice(0, i).join("/");
    const found = AREA_ROUTES[role].find((x) => x.path === sub);
    if (found) out.push({ path: areaPath(role, sub), title: found.title });
  }
  return out;
}
