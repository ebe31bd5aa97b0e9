import type { Role } from "../../contract/roles";
import type { Caller } from "../services/caller";
import type { SessionState } from "../services/accounts/sessions";

export type { Caller } from "../services/caller";

export function callerFromSession(state: SessionState): Caller {
  const caller: Caller = {
    id: state.userId,
    username: state.username,
    role: state.role as Role,
    parentId: state.parentId,
    modules: state.modules,
    sessionId: state.sessionId,
  };
  if (state.liveAgentOf) caller.liveAgentOf = state.liveAgentOf;
  return state.impersonatedBy ? { ...caller, impersonatedBy: state.impersonatedBy } : caller;
}
