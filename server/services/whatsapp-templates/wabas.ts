import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { wabas } from "../../db/schema";
import { notFound } from "../../http/errors";

/** Whether the WABA belongs to the account: the one ownership check of every template call. */
export async function ownsWaba(db: Db, userId: string, wabaId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: wabas.id })
    .from(wabas)
    .where(and(eq(wabas.userId, userId), eq(wabas.wabaId, wabaId)))
    .limit(1);
  return Boolean(row);
}

/** Another account's WABA answers like a missing one: its existence is not the caller's to learn. */
export async function requireWaba(db: Db, userId: string, wabaId: string): Promise<void> {
  if (!(await ownsWaba(db, userId, wabaId))) throw notFound("WhatsApp Business Account not found");
}
