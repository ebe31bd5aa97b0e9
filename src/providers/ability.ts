import { createMongoAbility } from "@casl/ability";
import { defineAbilityFor, type AppAbility, type Role } from "../../contract";

/**
 * ONE ability per session: rebuilt only when the token or the granted modules change. Kept at module level
 * too because Refine's accessControlProvider.can runs outside React.
 */
let cacheKey = "";
let current: AppAbility = createMongoAbility<AppAbility>([]);

export function abilityFor(
  role: Role | null | undefined,
  token: string | null | undefined,
  modules: readonly string[],
): AppAbility {
  const key = role && token ? `${token}|${role}|${[...modules].sort().join(",")}` : "";
  if (key === cacheKey) return current;
  cacheKey = key;
  current = key && role ? defineAbilityFor({ role, modules }) : createMongoAbility<AppAbility>([]);
  return current;
}

export function currentAbility(): AppAbility {
  return current;
}
