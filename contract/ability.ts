import { AbilityBuilder, createMongoAbility, type MongoAbility } from "@casl/ability";
import type { CallId } from "./calls";
import { callRoute, rolesFor, ROUTE_IDS } from "./routes";
import { MODULES, type ModuleName } from "./modules";
import { MODULE_GATED_ROLES, type Role } from "./roles";

/** "call" a row of the call table; "use" a module (sidebar item). */
export type AppAbility = MongoAbility<["call", CallId] | ["use", ModuleName]>;

export interface AbilityInput {
  role: Role;
  /** Module permissions granted by the server; ignored for roles that are not module-gated. */
  modules: readonly string[];
}

/** The modules a person effectively holds: admins and resellers are not gated (SPEC 2 gates the workspace). */
export function effectiveModules({ role, modules }: AbilityInput): ModuleName[] {
  if (!MODULE_GATED_ROLES.includes(role)) return [...MODULES];
  return MODULES.filter((m) => modules.includes(m));
}

/**
 * The one definition of what a person may do: SPEC 6's call matrix joined with SPEC 2's module gating.
 * The server's route guard and the console's access-control provider both build it from here.
 */
export function defineAbilityFor(input: AbilityInput): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const held = new Set(effectiveModules(input));
  for (const m of held) can("use", m);
  for (const id of ROUTE_IDS) {
    const { module } = callRoute(id);
    if (!rolesFor(id).includes(input.role)) continue;
    if (module && !held.has(module)) continue;
    can("call", id);
  }
  return build();
}
