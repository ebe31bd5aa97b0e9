import { ROLE_AREAS, type Role } from "../../contract";
import { AREA_ROUTES, areaPath } from "./paths";

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

/**
 * Breadcrumbs from the path (SPEC 2): the area first, then one crumb per segment, titled from the route table
 * (./paths.ts; shell code gets crumbs from here and never reads that table) so the header, the sidebar and the router agree; unknown segments are humanized.
 */
export function breadcrumbsFor(role: Role, pathname: string): Crumb[] {
  const { prefix, label, home } = ROLE_AREAS[role];
  const routes = AREA_ROUTES[role];
  const clean = pathname.replace(/\/+$/, "");
  const inArea = clean === prefix || clean.startsWith(`${prefix}/`);
  const segments = (inArea ? clean.slice(prefix.length) : clean).split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ title: inArea ? label : "Home", path: home }];
  if (segments.length === 0) {
    crumbs.push({ title: routes.find((r) => r.path === "")?.title ?? "Home" });
    return crumbs;
  }
  segments.forEach((segment, i) => {
    const sub = segments.slice(0, i + 1).join("/");
    const title = (inArea && routes.find((r) => r.path === sub)?.title) || humanizeSegment(segment);
    crumbs.push(i < segments.length - 1 ? { title, path: inArea ? areaPath(role, sub) : `/${sub}` } : { title });
  });
  return crumbs;
}
