import type { Role } from "../../contract/roles";

/**
 * The authenticated person behind a request, as the session store knows it (not from the token alone). It lives
 * with the services, which take it as input; server/auth produces it, and services never import auth.
 */
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
  /** The owner's id when this is a live agent's sign-in (see server/auth/live-agent-access.ts). */
  liveAgentOf?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
