import type { AccessControlProvider } from "@refinedev/core";
import { isModuleName, type CallId } from "../../contract";
import { currentAbility } from "./ability";

/** Refine resource/action → the call of the table it performs. */
const RESOURCE_CALLS: Record<string, Partial<Record<string, CallId>>> = {
  users: { list: "users.list", edit: "users.update", create: "auth.register" },
  ledger: { list: "balance.ledger" },
  "balance-requests": { list: "balance.requests", create: "balance.request" },
};

/**
 * Backed by the session's one CASL ability. A resource whose meta names a module (or named as a module)
 * needs that module; actions mapped to a call need that call.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const ability = currentAbility();
    const meta = params?.resource?.meta as { module?: string } | undefined;
    const moduleName = meta?.module ?? (action === "use" ? resource : undefined);
    if (moduleName && isModuleName(moduleName) && !ability.can("use", moduleName)) {
      return { can: false, reason: "Access Restricted" };
    }
    const callId = resource ? RESOURCE_CALLS[resource]?.[action] : undefined;
    if (callId && !ability.can("call", callId)) return { can: false, reason: "You are not authorized to access this resource." };
    return { can: true };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
