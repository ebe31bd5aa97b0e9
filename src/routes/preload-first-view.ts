import { areaRoleOf, ROLE_AREAS } from "../../contract";
import { readPersisted } from "../state/persist";

const ignore = () => {
  // A failed fetch surfaces again, with its error screen, when React.lazy asks for the same module.
};

/**
 * A signed-in load of a role area used to fetch its code in four chained stages (entry → shell → route screen →
 * page), each starting only once the one before had run. Started here, next to the entry, the browser fetches
 * them (and, through Vite's preload helper, their own imports) at once; React.lazy then finds them loaded.
 * A visitor without a session loads none of this: the login route keeps its small budget.
 */
export function preloadFirstView(storage: Storage | undefined, pathname: string): void {
  const role = areaRoleOf(pathname);
  if (!role || !readPersisted(storage).auth.user) return;
  import("./authenticated-app").catch(ignore);
  import("./route-screen").catch(ignore);
  if (pathname.replace(/\/+$/, "") === ROLE_AREAS[role].home) import("../pages/dashboard/index").catch(ignore);
}
