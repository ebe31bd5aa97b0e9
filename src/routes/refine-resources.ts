import type { ResourceProps } from "@refinedev/core";
import type { Role } from "../../contract";
import { areaPath, areaRoutes, RESOURCES, routeAllows } from "../../resources";

/**
 * Refine's `resources` for one role's area, from resources/: each entity with the absolute list/create/edit/show
 * routes it has in this area and its label, group, module and call ids in `meta`.
 */
export function refineResources(role: Role): ResourceProps[] {
  const routes = areaRoutes(role).filter((r) => routeAllows(r, role));
  return RESOURCES.map((def) => {
    const own = routes.filter((r) => r.resource === def);
    const list = own.find((r) => r.page === "list") ?? own[0];
    const child = (page: string) => {
      const c = list?.children.find((x) => x.page === page);
      return c && list ? { [page]: areaPath(role, `${list.path}/${c.path}`) } : {};
    };
    return {
      name: def.name,
      ...(list ? { list: areaPath(role, list.path) } : {}),
      ...child("create"),
      ...child("edit"),
      ...child("show"),
      meta: {
        label: list?.title ?? def.label,
        parent: list?.menu?.group,
        module: def.module,
        actions: def.actions,
        canDelete: Boolean(def.actions.delete),
        hide: !list?.menu,
      },
    };
  });
}
