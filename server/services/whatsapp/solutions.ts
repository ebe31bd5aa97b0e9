import { asc, eq, sql } from "drizzle-orm";
import type { SolutionSelection } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { wabaSolutions } from "../../db/schema";
import { badRequest } from "../../http/errors";

/** The solution every install has: the sandbox carrier, selected until an admin picks another. */
export const SANDBOX_SOLUTION = {
  solutionId: "sandbox",
  name: "Sandbox (simulated WhatsApp Cloud API)",
  provider: "sandbox",
} as const;

/** Adds the sandbox solution when missing (selected only when nothing else is); safe to run on every seed. */
export async function ensureSandboxSolution(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ selected }] = await tx
      .select({ selected: sql<number>`count(*) filter (where ${wabaSolutions.selected})::int` })
      .from(wabaSolutions);
    await tx
      .insert(wabaSolutions)
      .values({ ...SANDBOX_SOLUTION, selected: selected === 0 })
      .onConflictDoNothing();
  });
}

export async function solutionSelection(db: Db): Promise<SolutionSelection> {
  const rows = await db.select().from(wabaSolutions).orderBy(asc(wabaSolutions.name), asc(wabaSolutions.solutionId));
  const solutions = rows.map((r) => ({
    solution_id: r.solutionId,
    name: r.name,
    provider: r.provider,
    selected: r.selected,
  }));
  return { selected: solutions.find((s) => s.selected) ?? null, solutions };
}

/** Moves the one selection to `solutionId`; an unknown id changes nothing. */
export async function selectSolution(db: Db, solutionId: string, adminId: string): Promise<SolutionSelection> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: wabaSolutions.id })
      .from(wabaSolutions)
      .where(eq(wabaSolutions.solutionId, solutionId));
    if (!row)
      throw badRequest("solution_id: is not a known solution", [
        { field: "solution_id", message: "is not a known solution" },
      ]);
    // Cleared first: the partial unique index allows one selected row at any moment.
    await tx.update(wabaSolutions).set({ selected: false }).where(eq(wabaSolutions.selected, true));
    await tx
      .update(wabaSolutions)
      .set({ selected: true, updatedBy: adminId, updatedAt: new Date() })
      .where(eq(wabaSolutions.id, row.id));
  });
  return solutionSelection(db);
}
