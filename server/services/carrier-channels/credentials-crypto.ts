// Provider credentials at rest: AES-256-GCM with a key from the environment (CREDENTIALS_KEY), the channel's id as
// additional data (a sealed blob copied onto another channel's row does not open), a fresh 12-byte IV per seal.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { CredentialsKeyError } from "../../config/credentials-key";

const VERSION = "v1";

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealCredentials(key: Buffer, channelId: string, secrets: Readonly<Record<string, string>>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(channelId));
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

/** Opens a sealed blob; a wrong key, another channel's blob or a changed byte throws (GCM's tag check). */
export function openCredentials(key: Buffer, channelId: string, sealed: string): Record<string, string> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new CredentialsKeyError("credentials are not in a known sealed format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(channelId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    throw new CredentialsKeyError(
      "credentials could not be opened: CREDENTIALS_KEY differs from the one they were saved with",
    );
  }
}

/** What the console may see of a secret: its last 4 characters (nothing of a short one). */
export const hintOf = (secret: string): string => (secret.length >= 12 ? secret.slice(-4) : "");
