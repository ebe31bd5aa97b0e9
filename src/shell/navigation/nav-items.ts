import { MODULE_GATED_ROLES, type ModuleName, type Role } from "../../../contract";
import { areaPath, matchAreaRoute, menuFor, type NavGroup, type NavLeaf, type ResourceIcon } from "../../../resources";

export { areaPath };
export type { NavGroup, NavLeaf };
export type NavIcon = ResourceIcon | "support" | "feedback";

/** Support and Feedback have no route in SPEC 2: they open a dialog instead of navigating. */
export interface NavDialog {
  kind: "dialog";
  key: "support" | "feedback";
  label: string;
  icon: NavIcon;
}

export type NavItem = NavLeaf | NavDialog | NavGroup;

/** A sidebar section; the workspace shell puts everything under 'Workspace', admin/reseller have no title. */
export interface NavSection {
  title?: string;
  items: NavItem[];
}

export function isWorkspaceRole(role: Role): boolean {
  return MODULE_GATED_ROLES.includes(role);
}

const DIALOGS: NavDialog[] = [
  { kind: "dialog", key: "support", label: "Support", icon: "support" },
  { kind: "dialog", key: "feedback", label: "Feedback", icon: "feedback" },
];

/** The sidebar of SPEC 2 for a role, derived from resources/ (entries, order, groups, modules). */
export function navSections(role: Role): NavSection[] {
  if (isWorkspaceRole(role)) return [{ title: "Workspace", items: menuFor(role) }];
  return [{ items: [...menuFor(role), ...DIALOGS] }];
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
  if (best) return best.key;
  // A route with no entry of its own (/api) highlights its resource's entry (API Control).
  const match = matchAreaRoute(trimmed);
  const leaf =
    match?.role === role ? navLeaves(sections).find((l) => l.resource === match.route.resource.name) : undefined;
  return leaf?.key ?? null;
}
