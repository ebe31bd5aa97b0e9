import { eq } from "drizzle-orm";
import type { Role } from "../../contract/roles";
import type { Db } from "../db/client";
import { modulePermissions, users } from "../db/schema";
import type { Caller } from "../services/caller";

export type { Caller } from "../services/caller";

export async function loadCaller(db: Db, userId: string): Promise<(Caller & { status: string }) | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, parentId: users.parentId, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const mods = await db
    .select({ moduleName: modulePermissions.moduleName })
    .from(modulePermissions)
    .where(eq(modulePermissions.userId, userId));
  return { ...row, role: row.role as Role, modules: mods.map((m) => m.moduleName) };
}
