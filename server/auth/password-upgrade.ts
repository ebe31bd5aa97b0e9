import { eq } from "drizzle-orm";
import { hashPassword, needsRehash } from "../services/accounts/passwords";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/** After a successful login: a hash from an older scheme (scrypt) or weaker parameters is replaced by argon2id. */
export async function upgradePasswordHash(
  db: Db,
  row: { id: string; passwordHash: string },
  password: string,
): Promise<boolean> {
  if (!needsRehash(row.passwordHash)) return false;
  const passwordHash = await hashPassword(password);
  // Conditional on the old hash: a password changed meanwhile is not overwritten.
  await db.update(users).set({ passwordHash }).where(eq(users.passwordHash, row.passwordHash));
  return true;
}
