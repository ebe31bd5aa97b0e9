import type { FastifyRequest } from "fastify";
import { MODULE_GATED_ROLES, type Role } from "../../contract/roles";
import { PUBLIC_API_HEADERS, type ApiScope } from "../../contract/domain/api-keys";
import type { ApiKeyStore } from "../services/api-keys/key-store";
import type { RateGate } from "../services/public-api/rate-gate";
import { parseKey, secretMatches } from "../services/api-keys/secrets";
import { publicError, type ApiCaller } from "../services/public-api/caller";
import { bearerToken } from "./guard";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the API-key guard: the verified key's caller (public API routes). */
    apiCaller?: ApiCaller;
    /** The key and account a public-API request is logged under, once its secret is verified (refused or not). */
    apiLogOwner?: { keyId: string; userId: string };
  }
}

/** The key a request carries: `Authorization: Bearer <key>` or `X-API-Key: <key>`. */
export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers["x-api-key"];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  return fromHeader?.trim() || bearerToken(request);
}

/**
 * The one place where an API key is checked, in this order: present; ours and its secret right (the current one, or
 * the previous one within its grace period); not deleted; its account active and (for module-gated roles) holding
 * the api module; not expired (the key or its configuration); the request's address on the allow-list; the scope the
 * call needs. From the secret check on, the request is logged under the key's account, refusals included.
 * Normally no database round trip: the key store answers from its cache.
 */
export async function authenticateApiKey(
  keys: ApiKeyStore,
  request: FastifyRequest,
  scope: ApiScope | undefined,
): Promise<ApiCaller> {
  const text = presentedKey(request);
  if (!text) throw publicError("missingKey");
  const parsed = parseKey(text);
  if (!parsed) throw publicError("invalidKey");
  const key = await keys.resolve(parsed.publicId);
  const now = Date.now();
  const current = key !== null && secretMatches(parsed.secret, key.secretHash);
  const previous =
    key !== null &&
    !current &&
    key.previousValidUntilMs !== null &&
    key.previousValidUntilMs > now &&
    secretMatches(parsed.secret, key.previousSecretHash);
  if (!key || !(current || previous)) throw publicError("invalidKey");
  request.apiLogOwner = { keyId: key.keyId, userId: key.userId };
  if (key.deactivated) throw publicError("deactivatedKey");
  if (key.owner.status !== "active") throw publicError("accountSuspended");
  if (MODULE_GATED_ROLES.includes(key.owner.role as Role) && !key.owner.modules.includes("api"))
    throw publicError("moduleMissing");
  const { effective } = key;
  if (effective.expiresAt && effective.expiresAt.getTime() <= now) throw publicError("expiredKey");
  if (!key.allows(request.ip))
    throw publicError("ipDenied", `Requests from ${request.ip} are not allowed for this API key.`);
  if (scope && !effective.scopes.includes(scope))
    throw publicError("scopeDenied", `This API key does not have the ${scope} scope this call needs.`);
  return {
    keyId: key.keyId,
    publicId: key.publicId,
    keyName: key.name,
    userId: key.userId,
    username: key.owner.username,
    channels: effective.channels,
    scopes: effective.scopes,
    perSecond: effective.perSecond,
    perDay: effective.perDay,
  };
}

/** What the public API's guard needs: the key store and the rate gate. */
export interface ApiKeyDeps {
  keys: ApiKeyStore;
  rates: RateGate;
}

/**
 * The guard of every "api-key" row: the key (authenticateApiKey), then its rate limit (per second and per day,
 * shared by every process through the database): over it, 429 with Retry-After. Counted before the body is read, so
 * a flood of bad requests is limited too.
 */
export async function guardApiKey(
  deps: ApiKeyDeps,
  request: FastifyRequest,
  scope: ApiScope | undefined,
): Promise<ApiCaller> {
  const caller = await authenticateApiKey(deps.keys, request, scope);
  const decision = await deps.rates.take({ keyId: caller.keyId, perSecond: caller.perSecond, perDay: caller.perDay });
  if (!decision.ok) {
    throw publicError(
      "rateLimited",
      `Rate limit of this API key reached (${decision.limit}); try again in ${decision.retryAfterS} s.`,
      {
        headers: { [PUBLIC_API_HEADERS.retryAfter.toLowerCase()]: String(decision.retryAfterS) },
      },
    );
  }
  return caller;
}

/** The caller of an "api-key" route; a handler of another route never calls this. */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw publicError("missingKey");
  return request.apiCaller;
}
