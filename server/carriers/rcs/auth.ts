// Service-account authentication: the OAuth 2.0 JWT bearer grant (RFC 7523) Google documents for server-to-server
// calls. A JWT naming the service account (iss), the RBM scope and the token endpoint (aud), signed RS256 with the
// key file's private key, is exchanged for an access token, kept until shortly before it expires. A refusal of the
// grant (invalid_grant, invalid_client, unauthorized_client) is the credentials' fault and disconnects the channel.
import { importPKCS8, SignJWT } from "jose";
import type { RbmConfig } from "./config";
import type { ServiceAccountKey } from "./settings";

export const RBM_SCOPE = "https://www.googleapis.com/auth/rcsbusinessmessaging";
/** A token is renewed this long before Google's expiry, so no call carries one that expires on its way. */
const EARLY_MS = 60_000;
const LIFETIME_S = 3600;

/** The token endpoint refused the grant: `auth` when the key itself was refused. */
export class TokenError extends Error {
  override readonly name = "TokenError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly auth: boolean,
  ) {
    super(message);
  }
}

export interface TokenSource {
  token(): Promise<string>;
  /** Forgets the cached token (after a 401: Google may have revoked it). */
  reset(): void;
}

export function createTokenSource(
  config: Pick<RbmConfig, "tokenUrl" | "timeoutMs">,
  key: ServiceAccountKey,
  now: () => number = Date.now,
): TokenSource {
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    let signingKey: CryptoKey;
    try {
      signingKey = await importPKCS8(key.privateKey, "RS256");
    } catch {
      throw new TokenError(0, "invalid_key", "The service-account key's private_key is not a valid RSA key", true);
    }
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: RBM_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
      .setIssuer(key.clientEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIFETIME_S)
      .sign(signingKey);
    const response = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      const code = body.error ?? String(response.status);
      const auth = response.status === 400 || response.status === 401 || response.status === 403;
      // The description alone: the adapter says whose refusal it is (errors.ts disconnectReason).
      throw new TokenError(
        response.status,
        code,
        body.error_description ?? `the token endpoint answered ${response.status}`,
        auth,
      );
    }
    cached = { token: body.access_token, until: now() + (body.expires_in ?? LIFETIME_S) * 1000 - EARLY_MS };
    return body.access_token;
  }

  return {
    token: () => {
      if (cached && now() < cached.until) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => (pending = null));
      return pending;
    },
    reset: () => {
      cached = null;
    },
  };
}
