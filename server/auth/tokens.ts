import { createHmac, timingSafeEqual } from "node:crypto";

/** Claims of our session tokens (HS256 JWTs). `imp` is the admin's id while impersonating. */
export interface TokenClaims {
  sub: string;
  role: string;
  iat: number;
  exp: number;
  imp?: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function sign(data: string, secret: string): string {
  return createHmac("sha256", secret).update(data).digest("base64url");
}

export function signToken(claims: TokenClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${HEADER}.${body}.${sign(`${HEADER}.${body}`, secret)}`;
}

/** The claims when the signature is ours and the token has not expired; null otherwise. */
export function verifyToken(token: string, secret: string, nowS = Math.floor(Date.now() / 1000)): TokenClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const actual = Buffer.from(parts[2]);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as TokenClaims;
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number" || nowS >= claims.exp) return null;
    return claims;
  } catch {
    return null;
  }
}
