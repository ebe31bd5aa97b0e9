import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { PageKind } from "../../resources";

type Loader = () => Promise<Record<string, unknown>>;

/**
 * Every page file, found by convention rather than listed: src/pages/<resource>/<page>.tsx, each its own lazy
 * chunk. Helpers live in components/ sub-folders (not matched) so they stay inside their page's chunk.
 */
const FILES = import.meta.glob<Record<string, unknown>>([
  "../pages/*/*.tsx",
  "!../pages/common/*.tsx",
  "!../pages/public/*.tsx",
  "!../pages/**/*.test.tsx",
]);

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** The named export a page file must have: users/list.tsx → UsersList, dashboard/index.tsx → DashboardPage. */
export function pageExportName(resource: string, page: PageKind): string {
  return page === "index" ? `${pascal(resource)}Page` : pascal(`${resource}-${page}`);
}

export function pageFile(resource: string, page: PageKind): string {
  return `src/pages/${resource}/${page}.tsx`;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component of a resource's page, or null when the file does not exist yet ('Coming soon'). */
export function pageComponent(resource: string, page: PageKind): LazyExoticComponent<ComponentType> | null {
  const key = `../pages/${resource}/${page}.tsx`;
  const load: Loader | undefined = FILES[key];
  if (!load) return null;
  let component = cache.get(key);
  if (!component) {
    const name = pageExportName(resource, page);
    component = lazy(async () => {
      const mod = await load();
      const Page = mod[name];
      if (typeof Page !== "function" && typeof Page !== "object")
        throw new Error(`${pageFile(resource, page)} has no export ${name}`);
      return { default: Page as ComponentType };
    });
    cache.set(key, component);
  }
  return component;
}

/** Page files that exist, as "<resource>/<page>" (tests check every declared route against them). */
export const PAGE_FILES: readonly string[] = Object.keys(FILES).map((k) =>
  k.replace(/^\.\.\/pages\//, "").replace(/\.tsx$/, ""),
);
