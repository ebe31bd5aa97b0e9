import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import type { DndRecord } from "../../../contract/calls";
import type { DndSource } from "../../../contract/domain/dnd";
import type { Db } from "../../db/client";
import { dndNumbers } from "../../db/schema";
import { notFound } from "../../http/errors";
import { escapeLike } from "../campaigns/list";

// The caller's DND list (the account is always the caller: nobody reads or changes another account's list).

export const DND_NOT_FOUND = "That number is not on your DND list";

type Row = typeof dndNumbers.$inferSelect;
const toRecord = (r: Row): DndRecord => ({
  id: r.id,
  number: r.number,
  preferences: r.preferences,
  consent: r.consent,
  source: r.source,
  detail: r.detail,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listDnd(
  db: Db,
  ownerId: string,
  q: string | undefined,
  window: { limit: number; offset: number },
) {
  const term = q?.trim();
  const mine = eq(dndNumbers.userId, ownerId);
  const where = and(
    mine,
    term
      ? or(ilike(dndNumbers.number, `%${escapeLike(term)}%`), ilike(dndNumbers.detail, `%${escapeLike(term)}%`))
      : undefined,
  );
  const [rows, [{ n }], bySource] = await Promise.all([
    db
      .select()
      .from(dndNumbers)
      .where(where)
      .orderBy(desc(dndNumbers.updatedAt), desc(dndNumbers.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(dndNumbers).where(where),
    db.select({ source: dndNumbers.source, n: count() }).from(dndNumbers).where(mine).groupBy(dndNumbers.source),
  ]);
  const counts: Record<DndSource, number> = { import: 0, operator: 0 };
  for (const s of bySource) counts[s.source] = s.n;
  return { records: rows.map(toRecord), total: n, counts };
}

export async function removeDnd(db: Db, ownerId: string, id: string): Promise<string> {
  const [row] = await db
    .delete(dndNumbers)
    .where(and(eq(dndNumbers.id, id), eq(dndNumbers.userId, ownerId)))
    .returning({ number: dndNumbers.number });
  if (!row) throw notFound(DND_NOT_FOUND);
  return row.number;
}
