import type { FastifyReply, FastifyRequest } from "fastify";
import { defineAbilityFor, type AppAbility } from "../../contract/ability";
import { CALLS, type CallDef, type CallId } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { HttpError } from "../http/errors";
import type { SessionState, SessionStore } from "../services/accounts/sessions";
import { isUuid, type Caller } from "../services/caller";
import { guardApiKey, type ApiKeyDeps } from "./api-key-guard";
import { callerFromSession } from "./caller";
import { liveAgentMay } from "./live-agent-access";
import { verifiedBefore, verifyToken, type TokenClaims } from "./tokens";

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

/** The checks on a token's session, the same whether the session came from the cache or the database. */
function callerOfSession(claims: TokenClaims, session: SessionState | null): Caller {
  if (!session || session.userId !== claims.sub) throw new HttpError(401, MSG.invalidToken);
  // A suspension revokes the sessions too; the message says why, and reactivation does not revive them.
  if (session.status !== "active") throw new HttpError(401, MSG.accountSuspended);
  if (session.revoked) throw new HttpError(401, MSG.invalidToken);
  return callerFromSession(session);
}

function checkedClaims(claims: TokenClaims | null): TokenClaims {
  if (!claims || !isUuid(claims.sid)) throw new HttpError(401, MSG.invalidToken);
  return claims;
}

/**
 * authenticate's answer without waiting, when the token was verified before and its session is cached (the common
 * case); undefined when either needs a look. Throws the same 401s as authenticate.
 */
function authenticateNow(deps: AuthDeps, token: string): Caller | undefined {
  const known = verifiedBefore(token, deps.secret());
  if (known === undefined) return undefined;
  const claims = checkedClaims(known);
  const session = deps.sessions.cached(claims.sid);
  return session ? callerOfSession(claims, session) : undefined;
}

/** Token → Caller, or the 401 that SPEC 5 names. Shared by HTTP routes and the socket handshake. */
export async function authenticate(deps: AuthDeps, token: string | null): Promise<Caller> {
  if (!token) throw new HttpError(401, MSG.noToken);
  const now = authenticateNow(deps, token);
  if (now) return now;
  const claims = checkedClaims(await verifyToken(token, deps.secret()));
  return callerOfSession(claims, await deps.sessions.resolve(claims.sid));
}

/**
 * The one place where token, role and module are checked: an onRequest hook made per row of the call table,
 * so it runs before body validation (an anonymous caller learns nothing about payload rules). An "api-key" row
 * takes an API key instead of a session (api-key-guard.ts: key, account, expiry, IP, scope, rate limit).
 * A callback hook: a signed-in request whose token and session are cached is admitted without a promise.
 */
export function guardFor(id: CallId, deps: AuthDeps) {
  const def: CallDef = CALLS[id];
  const admit = (request: FastifyRequest, caller: Caller): HttpError | undefined => {
    if (def.access !== "signed-in" && !abilityOf(caller).can("call", id)) return new HttpError(403, MSG.notAuthorized);
    if (caller.liveAgentOf && !liveAgentMay(id)) return new HttpError(403, MSG.liveAgentAiReadOnly);
    request.caller = caller;
    return undefined;
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    if (def.access === "public") return done();
    if (def.access === "api-key") {
      if (!deps.publicApi) return done(new HttpError(500, MSG.internalError));
      guardApiKey(deps.publicApi, request, def.scope).then((apiCaller) => {
        request.apiCaller = apiCaller;
        done();
      }, done);
      return;
    }
    const token = bearerToken(request);
    if (!token) return done(new HttpError(401, MSG.noToken));
    let caller: Caller | undefined;
    try {
      caller = authenticateNow(deps, token);
    } catch (err) {
      return done(err instanceof Error ? err : new Error(String(err)));
    }
    if (caller) return done(admit(request, caller));
    authenticate(deps, token).then((slow) => done(admit(request, slow)), done);
  };
}

/** The caller of a guarded route; a handler of a public route never calls this. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, MSG.noToken);
  return request.caller;
}

export { isUuid };
