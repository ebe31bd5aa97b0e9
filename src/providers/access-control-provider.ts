import type { AccessControlProvider } from "@refinedev/core";
import { isModuleName } from "../../contract";
import { callOf, gatingModule, resourceByName } from "../../resources";
import { sessionStore } from "../state/session";
import { currentAbility } from "./ability";

/** Refine's action names → the action names of resources/ (Refine says "edit" where the call updates). */
const ACTION: Record<string, string> = { edit: "update" };

/**
 * Backed by the session's one CASL ability and resources/: a resource declaring a module needs that module
 * (module-gated roles only), and an action needs the call the resource declares for it. `use` on a module
 * name asks about the module itself.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const ability = currentAbility();
    const role = sessionStore.getState().auth.user?.type;
    const def = resource ? resourceByName(resource) : undefined;
    const moduleName = def && role ? gatingModule(def, role) : action === "use" ? resource : undefined;
    if (moduleName && isModuleName(moduleName) && !ability.can("use", moduleName)) {
      return { can: false, reason: "Access Restricted" };
    }
    const callId = resource ? callOf(resource, ACTION[action] ?? action) : undefined;
    if (callId && !ability.can("call", callId))
      return { can: false, reason: "You are not authorized to access this resource." };
    return { can: true };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
