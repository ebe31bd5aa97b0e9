// Provider credentials at rest: AES-256-GCM with a key from the environment (CREDENTIALS_KEY), the channel's id as
// additional data (a sealed blob copied onto another channel's row does not open), a fresh 12-byte IV per seal.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * The development key, derived from a fixed, documented phrase (docs/channels.md "WhatsApp Cloud API"): credentials saved
 * without CREDENTIALS_KEY are readable by anyone with this source, which is fine on a laptop and refused in production.
 */
export const DEVELOPMENT_KEY_PHRASE = "messaging-console development credentials key (not for production)";

export class CredentialsKeyError extends Error {
  override readonly name = "CredentialsKeyError";
}

/**
 * CREDENTIALS_KEY: 32 bytes as 64 hex characters or base64. Unset: the development key, unless NODE_ENV is
 * "production", where the server refuses to start rather than seal real secrets with a public key.
 */
export function credentialsKeyFromEnv(env: NodeJS.ProcessEnv = process.env): { key: Buffer; development: boolean } {
  const raw = env.CREDENTIALS_KEY?.trim();
  if (!raw) {
    if (env.NODE_ENV === "production") {
      throw new CredentialsKeyError("CREDENTIALS_KEY must be set in production (32 bytes: 64 hex characters or base64), e.g. `openssl rand -hex 32`");
    }
    return { key: createHash("sha256").update(DEVELOPMENT_KEY_PHRASE).digest(), development: true };
  }
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) throw new CredentialsKeyError(`CREDENTIALS_KEY must be 32 bytes (64 hex characters or base64), got ${key.length} bytes`);
  return { key, development: false };
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealCredentials(key: Buffer, channelId: string, secrets: Readonly<Record<string, string>>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(channelId));
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Opens a sealed blob; a wrong key, another channel's blob or a changed byte throws (GCM's tag check). */
export function openCredentials(key: Buffer, channelId: string, sealed: string): Record<string, string> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new CredentialsKeyError("credentials are not in a known sealed format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(channelId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    throw new CredentialsKeyError("credentials could not be opened: CREDENTIALS_KEY differs from the one they were saved with");
  }
}

/** What the console may see of a secret: its last 4 characters (nothing of a short one). */
export const hintOf = (secret: string): string => (secret.length >= 12 ? secret.slice(-4) : "");
