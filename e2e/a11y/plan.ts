import { PUBLIC_PATHS, ROLE_AREAS, type Role } from "../../contract/roles";
import { areaRoutes, routeAllows } from "../../resources";
import type { ThemeMode } from "../../src/providers/theme";

/** A screen to scan and the title its page shows once it has arrived (its route's, or its list's for a child form). */
export interface Screen {
  path: string;
  title: string;
}

/** One signed-in walk: an account, the theme it is scanned in, and every screen of its area. */
export interface ScanWalk {
  username: string;
  role: Role;
  theme: ThemeMode;
  screens: readonly Screen[];
}

/**
 * Every screen of a role's area, from resources/: each route the role may open, and each child route (a create form
 * in a modal or drawer over its list) that needs no record id. Routes that list other roles only redirect home.
 */
export function areaScreens(role: Role): Screen[] {
  const { prefix } = ROLE_AREAS[role];
  const at = (sub: string) => (sub ? `${prefix}/${sub}` : prefix);
  return areaRoutes(role)
    .filter((route) => routeAllows(route, role))
    .flatMap((route) => [
      { path: at(route.path), title: route.title },
      ...route.children
        .filter((c) => !c.path.includes(":"))
        .map((c) => ({ path: at(route.path ? `${route.path}/${c.path}` : c.path), title: route.title })),
    ]);
}

/**
 * Light: every demo role's area (the module-gated roles hold different modules, so between them every workspace
 * screen is seen open, and each role's Access Restricted card too). Dark: one account per shared page set, the admin
 * for the operator pages and globex (a manager holding every module) for the workspace pages.
 */
export const WALKS: readonly ScanWalk[] = [
  ...(
    [
      ["admin", "admin"],
      ["reseller", "reseller"],
      ["manager", "manager"],
      ["user", "user"],
      ["depthead", "department_head"],
    ] as const
  ).map(([username, role]) => ({ username, role, theme: "light" as const, screens: areaScreens(role) })),
  { username: "admin", role: "admin", theme: "dark", screens: areaScreens("admin") },
  { username: "globex", role: "manager", theme: "dark", screens: areaScreens("manager") },
];

/** The screens a visitor sees without signing in, and the 404 page. */
export const PUBLIC_SCREENS: readonly string[] = [...Object.values(PUBLIC_PATHS), "/no/such/page"];
