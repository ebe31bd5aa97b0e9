import { createSecretKey, type KeyObject } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/**
 * Claims of our session tokens (HS256 JWTs, signed and checked by jose). `sid` is the server-side session the
 * token stands for; `imp` is the admin's id while impersonating. The console reads `sub`, `role` and `exp`.
 */
export interface TokenClaims {
  sub: string;
  role: string;
  sid: string;
  iat: number;
  exp: number;
  imp?: string;
}

const ALG = "HS256";

let keyCache: { secret: string; key: KeyObject } | undefined;
function keyOf(secret: string): KeyObject {
  if (keyCache?.secret !== secret) keyCache = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return keyCache.key;
}

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const { sub, iat, exp, ...rest } = claims;
  const payload = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyOf(secret));
}

function isClaims(payload: Record<string, unknown>): payload is Record<string, unknown> & TokenClaims {
  return (
    typeof payload.sub === "string" &&
    typeof payload.role === "string" &&
    typeof payload.sid === "string" &&
    typeof payload.iat === "number" &&
    typeof payload.exp === "number" &&
    (payload.imp === undefined || typeof payload.imp === "string")
  );
}

/**
 * Tokens already verified, so a session's repeated requests skip the HMAC: the same string under the same secret
 * verifies the same way until it expires (expiry is checked on every hit). Bounded; the oldest entries go first.
 */
const verified = new Map<string, { secret: string; claims: TokenClaims }>();
const VERIFIED_MAX = 10_000;

/** verifyToken's answer without waiting, for a token verified before under this secret; undefined for any other. */
export function verifiedBefore(
  token: string,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): TokenClaims | null | undefined {
  const hit = verified.get(token);
  if (!hit || hit.secret !== secret) return undefined;
  return nowS < hit.claims.exp ? hit.claims : null;
}

/** The claims when the signature is ours and the token has not expired; null otherwise. */
export async function verifyToken(
  token: string,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): Promise<TokenClaims | null> {
  const known = verifiedBefore(token, secret, nowS);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALG],
      currentDate: new Date(nowS * 1000),
      clockTolerance: 0,
    });
    if (!isClaims(payload)) return null;
    const claims: TokenClaims = {
      sub: payload.sub,
      role: payload.role,
      sid: payload.sid,
      iat: payload.iat,
      exp: payload.exp,
      imp: payload.imp,
    };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims });
    return claims;
  } catch {
    return null;
  }
}
