import { MODULE_GATED_ROLES, ROLE_AREAS, ROLES, type CallId, type ModuleName, type Role } from "../contract";
import { GROUPS } from "./groups";
import { RESOURCES } from "./list";
import type {
  GroupName,
  MenuEntry,
  PageKind,
  ResourceActions,
  ResourceDef,
  ResourceIcon,
  ResourceRoute,
} from "./types";

/** A route of one role's area, with the resource it belongs to. */
export interface AreaRoute {
  /** Unique within an area: "<resource>:<path>". */
  key: string;
  resource: ResourceDef;
  path: string;
  title: string;
  page: PageKind;
  allow?: readonly Role[];
  menu?: MenuEntry;
  icon: ResourceIcon;
  children: readonly { path: string; title: string; page: PageKind }[];
}

const toAreaRoute = (resource: ResourceDef, route: ResourceRoute): AreaRoute => ({
  key: `${resource.name}:${route.path}`,
  resource,
  path: route.path,
  title: route.title,
  page: route.page,
  ...(route.allow ? { allow: route.allow } : {}),
  ...(route.menu ? { menu: route.menu } : {}),
  icon: route.icon ?? resource.icon,
  children: route.children ?? [],
});

const byRole = new Map<Role, readonly AreaRoute[]>(
  ROLES.map((role) => [
    role,
    RESOURCES.flatMap((res) => res.routes.filter((r) => r.areas.includes(role)).map((r) => toAreaRoute(res, r))),
  ]),
);

/** Every route of a role's area, in resource order. */
export function areaRoutes(role: Role): readonly AreaRoute[] {
  return byRole.get(role) ?? [];
}

/** Absolute path of a route in a role's area: areaPath('manager', 'users') → '/organization/users'. */
export function areaPath(role: Role, sub = ""): string {
  const { prefix } = ROLE_AREAS[role];
  const rest = sub.replace(/^\/+/, "");
  return rest ? `${prefix}/${rest}` : prefix;
}

/** Whether a role may open a route of its own area (SPEC 2: a route may list allowed roles). */
export function routeAllows(route: Pick<AreaRoute, "allow">, role: Role): boolean {
  return !route.allow || route.allow.includes(role);
}

/** Whether `pattern` (with `:name` segments) matches `sub`. */
function matches(pattern: string, sub: string): boolean {
  const a = pattern.split("/");
  const b = sub.split("/");
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(":") ? b[i] !== "" : seg === b[i]));
}

/** The route an absolute path points at (child routes answer with their parent), with the role of the area. */
export function matchAreaRoute(
  pathname: string,
): { role: Role; route: AreaRoute; child?: AreaRoute["children"][number] } | null {
  const clean = pathname.replace(/\/+$/, "") || "/";
  for (const role of ROLES) {
    const { prefix } = ROLE_AREAS[role];
    if (clean !== prefix && !clean.startsWith(`${prefix}/`)) continue;
    const sub = clean.slice(prefix.length).replace(/^\//, "");
    for (const route of areaRoutes(role)) {
      if (route.path === sub) return { role, route };
      const child = route.children.find((c) => matches(route.path ? `${route.path}/${c.path}` : c.path, sub));
      if (child) return { role, route, child };
    }
    return null;
  }
  return null;
}

/** Whether a role's access to a resource depends on its module grants (SPEC 2, 6). */
export function gatingModule(resource: Pick<ResourceDef, "module">, role: Role): ModuleName | null {
  return resource.module && MODULE_GATED_ROLES.includes(role) ? resource.module : null;
}

export interface Crumb {
  title: string;
  /** Absent on the last crumb (the current page is not a link). */
  path?: string;
}

const ACRONYMS: Record<string, string> = { rcs: "RCS", sms: "SMS", api: "API", ai: "AI", ums: "UMS" };

/** "whatsapp-template-creation" → "Whatsapp Template Creation", keeping channel acronyms upper-case. */
export function humanizeSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed.
  }
  return text
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** The title of a sub-path of a role's area, or null when no route declares it. */
export function titleOf(role: Role, sub: string): string | null {
  const found = areaRoutes(role).find((r) => r.path === sub);
  if (found) return found.title;
  const match = matchAreaRoute(areaPath(role, sub));
  return match?.role === role && match.child ? match.child.title : null;
}

/**
 * Breadcrumbs from the path (SPEC 2): the area first, then one crumb per segment, titled from the resources so
 * the header, the sidebar and the router agree; segments no route declares are humanized.
 */
export function breadcrumbsFor(role: Role, pathname: string): Crumb[] {
  const { prefix, label, home } = ROLE_AREAS[role];
  const clean = pathname.replace(/\/+$/, "");
  const inArea = clean === prefix || clean.startsWith(`${prefix}/`);
  const segments = (inArea ? clean.slice(prefix.length) : clean).split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ title: inArea ? label : "Home", path: home }];
  if (segments.length === 0) {
    crumbs.push({ title: titleOf(role, "") ?? "Home" });
    return crumbs;
  }
  segments.forEach((segment, i) => {
    const sub = segments.slice(0, i + 1).join("/");
    const title = (inArea && titleOf(role, sub)) || humanizeSegment(segment);
    crumbs.push(i < segments.length - 1 ? { title, path: inArea ? areaPath(role, sub) : `/${sub}` } : { title });
  });
  return crumbs;
}

export interface NavLeaf {
  kind: "link";
  key: string;
  label: string;
  /** Sub-path under the role's prefix; "" is the area's home. */
  path: string;
  icon: ResourceIcon;
  /** Module permission the item needs (SPEC 2, 6). */
  module?: ModuleName;
  /** The resource it opens: another route of the same resource (/api) highlights it too. */
  resource: string;
}

export interface NavGroup {
  kind: "group";
  key: GroupName;
  label: string;
  icon: ResourceIcon;
  children: NavLeaf[];
}

/** The sidebar entries of a role's area, in order, grouped by `menu.group` (SPEC 2). */
export function menuFor(role: Role): (NavLeaf | NavGroup)[] {
  const entries = areaRoutes(role)
    .filter((r) => r.menu && routeAllows(r, role) && !r.menu.hiddenFor?.includes(role))
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  const out: { order: number; item: NavLeaf | NavGroup }[] = [];
  const groups = new Map<GroupName, NavGroup>();
  for (const r of entries) {
    const module = gatingModule(r.resource, role);
    const leaf: NavLeaf = {
      kind: "link",
      key: r.path || r.resource.name,
      label: r.title,
      path: r.path,
      icon: r.icon,
      resource: r.resource.name,
      ...(module ? { module } : {}),
    };
    const groupName = r.menu?.group;
    if (!groupName) {
      out.push({ order: r.menu?.order ?? 0, item: leaf });
      continue;
    }
    let group = groups.get(groupName);
    if (!group) {
      const g = GROUPS[groupName];
      group = { kind: "group", key: groupName, label: g.label, icon: g.icon, children: [] };
      groups.set(groupName, group);
      out.push({ order: g.order, item: group });
    }
    group.children.push(leaf);
  }
  return out.sort((a, b) => a.order - b.order).map((x) => x.item);
}

export type ResourceAction = keyof ResourceActions;

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

/** The call a resource's CRUD action performs. */
export function callOf(resourceName: string, action: string): CallId | undefined {
  const res = resourceByName(resourceName);
  if (!res) return undefined;
  return (res.actions as Partial<Record<string, CallId>>)[action];
}
