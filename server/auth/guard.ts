import type { FastifyReply, FastifyRequest } from "fastify";
import { defineAbilityFor, type AppAbility } from "../../contract/ability";
import { CALLS, type CallDef, type CallId } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { HttpError } from "../http/errors";
import type { SessionStore } from "../services/sessions";
import { isUuid, type Caller } from "../services/caller";
import { guardApiKey, type ApiKeyDeps } from "./api-key-guard";
import { callerFromSession } from "./caller";
import { verifyToken } from "./tokens";

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** Abilities depend only on role and modules, so one per combination is built and reused. */
const abilities = new Map<string, AppAbility>();
function abilityOf(caller: Caller): AppAbility {
  const key = `${caller.role}|${[...caller.modules].sort().join(",")}`;
  let ability = abilities.get(key);
  if (!ability) {
    ability = defineAbilityFor({ role: caller.role, modules: caller.modules });
    abilities.set(key, ability);
  }
  return ability;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** What checking a token needs: the signing secret (loaded after start-up) and the session store. */
export interface AuthDeps {
  secret: () => string;
  sessions: SessionStore;
  /** The public API's key store and rate gate ("api-key" rows); the socket handshake has no use for them. */
  publicApi?: ApiKeyDeps;
}

/** Token → Caller, or the 401 that SPEC 5 names. Shared by HTTP routes and the socket handshake. */
export async function authenticate(deps: AuthDeps, token: string | null): Promise<Caller> {
  if (!token) throw new HttpError(401, MSG.noToken);
  const claims = await verifyToken(token, deps.secret());
  if (!claims || !isUuid(claims.sid)) throw new HttpError(401, MSG.invalidToken);
  const session = await deps.sessions.resolve(claims.sid);
  if (!session || session.userId !== claims.sub) throw new HttpError(401, MSG.invalidToken);
  // A suspension revokes the sessions too; the message says why, and reactivation does not revive them.
  if (session.status !== "active") throw new HttpError(401, MSG.accountSuspended);
  if (session.revoked) throw new HttpError(401, MSG.invalidToken);
  return callerFromSession(session);
}

/**
 * The one place where token, role and module are checked: an onRequest hook made per row of the call table,
 * so it runs before body validation (an anonymous caller learns nothing about payload rules). An "api-key" row
 * takes an API key instead of a session (api-key-guard.ts: key, account, expiry, IP, scope, rate limit).
 */
export function guardFor(id: CallId, deps: AuthDeps) {
  const def: CallDef = CALLS[id];
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (def.access === "public") return;
    if (def.access === "api-key") {
      if (!deps.publicApi) throw new HttpError(500, MSG.internalError);
      request.apiCaller = await guardApiKey(deps.publicApi, request, def.scope);
      return;
    }
    const caller = await authenticate(deps, bearerToken(request));
    if (def.access !== "signed-in" && !abilityOf(caller).can("call", id)) throw new HttpError(403, MSG.notAuthorized);
    request.caller = caller;
  };
}

/** The caller of a guarded route; a handler of a public route never calls this. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, MSG.noToken);
  return request.caller;
}

export { isUuid };
