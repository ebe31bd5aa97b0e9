import type { ServerConfig } from "../config";
import type { SessionStore } from "../services/accounts/sessions";
import { personOf, type UserRow } from "../services/accounts/users";
import { signToken } from "./tokens";

export interface IssueDeps {
  config: Pick<ServerConfig, "sessionTtlS">;
  secret: () => string;
  sessions: SessionStore;
}

/** The admin and the admin's own session behind an impersonation: the new session dies with that one. */
export interface Impersonator {
  adminId: string;
  adminSessionId: string;
}

/** Opens a server-side session and answers SPEC's login shape: the token carries the session id (`sid`). */
export async function issueSession(deps: IssueDeps, row: UserRow, impersonator?: Impersonator) {
  const { id: sid, expiresAtS: expiresAt } = await deps.sessions.create({
    userId: row.id,
    ttlS: deps.config.sessionTtlS,
    impersonatedBy: impersonator?.adminId,
    parentSessionId: impersonator?.adminSessionId,
  });
  const iat = Math.floor(Date.now() / 1000);
  const token = await signToken(
    { sub: row.id, role: row.role, sid, iat, exp: expiresAt, imp: impersonator?.adminId },
    deps.secret(),
  );
  return {
    sessionId: sid,
    data: {
      ...personOf(row),
      token,
      expiresAt,
      isFirstLogin: row.isFirstLogin,
    },
  };
}
