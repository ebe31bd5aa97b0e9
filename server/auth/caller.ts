import type { Role } from "../../contract/roles";
import type { SessionState } from "../services/sessions";

/** The authenticated person behind a request, as the session store knows it (not from the token alone). */
export interface Caller {
  id: string;
  username: string;
  role: Role;
  parentId: string | null;
  modules: string[];
  /** The server-side session the token stands for. */
  sessionId: string;
  /** The admin's id when this session is an impersonation. */
  impersonatedBy?: string;
}

export function callerFromSession(state: SessionState): Caller {
  const caller: Caller = {
    id: state.userId,
    username: state.username,
    role: state.role as Role,
    parentId: state.parentId,
    modules: state.modules,
    sessionId: state.sessionId,
  };
  return state.impersonatedBy ? { ...caller, impersonatedBy: state.impersonatedBy } : caller;
}
