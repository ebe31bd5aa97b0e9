import { eq } from "drizzle-orm";
import type { Role } from "../../contract/roles";
import type { Db } from "../db/client";
import { modulePermissions, users } from "../db/schema";

/** The authenticated person behind a request, as read from the database (not from the token alone). */
export interface Caller {
  id: string;
  username: string;
  role: Role;
  parentId: string | null;
  modules: string[];
  /** The admin's id when this session is an impersonation. */
  impersonatedBy?: string;
}

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
