import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_PUBLIC_ID_LENGTH } from "../../../contract/domain/api-keys";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** SHA-256 of a secret, hex: the secret is 256 random bits, so a fast hash is as safe as a slow one and costs ~1 µs. */
export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

export interface NewSecret {
  /** The whole key, shown once: `mc_live_<public id>_<secret>`. */
  key: string;
  publicId: string;
  secretHash: string;
}

export function newPublicId(): string {
  let id = "";
  for (let i = 0; i < API_KEY_PUBLIC_ID_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** A fresh secret for a key with this public id (a new key, or a regeneration that keeps the id). */
export function newSecret(publicId: string = newPublicId()): NewSecret {
  const secret = randomBytes(32).toString("base64url");
  return { key: `${API_KEY_PREFIX}${publicId}_${secret}`, publicId, secretHash: hashSecret(secret) };
}

/** The public id and secret of a key as typed, or null when it is not shaped like one of ours. */
export function parseKey(text: string): { publicId: string; secret: string } | null {
  const match = API_KEY_PATTERN.exec(text.trim());
  return match ? { publicId: match[1], secret: match[2] } : null;
}

/** Constant-time comparison of a secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const prefixOf = (publicId: string): string => `${API_KEY_PREFIX}${publicId}`;
