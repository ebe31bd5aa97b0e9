import { and, eq, ne } from "drizzle-orm";
import { MSG } from "../../contract/messages";
import { callerOf } from "../auth/guard";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { users } from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";
import { findUser, modulesByUser, toUserRecord } from "../services/users";
import { bodyOf, type Handlers } from "./context";

interface ProfileUpdate {
  name?: string;
  email?: string;
  companyName?: string;
  phone?: string;
  currentPassword?: string;
  newPassword?: string;
}

export const profileHandlers: Handlers = {
  "profile.get": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const row = await findUser(db, caller.id);
    if (!row) throw notFound(MSG.userNotFound);
    const modules = await modulesByUser(db, [row.id]);
    return { success: true, data: toUserRecord(row, modules.get(row.id)) };
  },

  "profile.update": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { currentPassword, newPassword, ...changes } = bodyOf<ProfileUpdate>(request);
    const row = await findUser(db, caller.id);
    if (!row) throw notFound(MSG.userNotFound);
    const update: Partial<typeof users.$inferInsert> = { ...changes, updatedAt: new Date() };
    if (changes.email) {
      update.email = changes.email.toLowerCase();
      const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, update.email), ne(users.id, row.id)));
      if (taken) throw conflict(MSG.duplicateUser);
    }
    if (newPassword) {
      if (!currentPassword || !(await verifyPassword(currentPassword, row.passwordHash))) {
        throw badRequest("currentPassword: is incorrect", [{ field: "currentPassword", message: "is incorrect" }]);
      }
      update.passwordHash = await hashPassword(newPassword);
    }
    const [saved] = await db.update(users).set(update).where(eq(users.id, row.id)).returning();
    const modules = await modulesByUser(db, [saved.id]);
    return { success: true, message: "Profile updated", data: toUserRecord(saved, modules.get(saved.id)) };
  },
};
