import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify, type Algorithm } from "@node-rs/argon2";

/** argon2id with OWASP's minimum: 19 MiB, 2 iterations, parallelism 1. The PHC string stores the parameters. */
const ARGON2 = {
  // The package's Algorithm is an ambient const enum, which isolatedModules cannot read: 2 is Argon2id.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

const normalize = (password: string) => password.normalize("NFKC");

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalize(password), ARGON2);
}

/** A hash made with older parameters or scheme: rehashed at the next successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

/** Hashes written before argon2id: `scrypt$N$r$p$salt$key`, verified so their owners can still log in. */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, key] = stored.split("$");
  if (!salt || !key) return Promise.resolve(false);
  const expected = Buffer.from(key, "base64");
  const opts: ScryptOptions = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve) =>
    scrypt(normalize(password), Buffer.from(salt, "base64"), expected.length, opts, (err, actual) =>
      resolve(!err && actual.length === expected.length && timingSafeEqual(actual, expected)),
    ),
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("scrypt$")) return verifyScrypt(password, stored);
  if (!stored.startsWith("$argon2")) return false;
  try {
    return await argon2Verify(stored, normalize(password));
  } catch {
    return false;
  }
}

/** Verifying against this when no account matches keeps the response time from telling which part was wrong. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString("hex"));
  return dummyHash;
}
