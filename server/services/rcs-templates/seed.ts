import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rcsBots, rcsTemplates } from "../../db/schema";
import { libraryTemplate } from "../template-library";

/** The demo bots templates are built for; an account that already has a bot (the channels seed) gets none. */
const DEMO_BOTS = [
  { owner: "manager", name: "Acme Retail" },
  { owner: "user", name: "Acme Support" },
  { owner: "globex", name: "Globex Deliveries" },
] as const;

/**
 * Demo bots and one library-made carousel for the manager, so the builder and the list have something on a fresh
 * machine.
 */
export async function seedRcsTemplateDemo(db: Db, ids: ReadonlyMap<string, string>): Promise<void> {
  for (const { owner, name } of DEMO_BOTS) {
    const userId = ids.get(owner);
    if (!userId) continue;
    const existing = await db.select({ id: rcsBots.id }).from(rcsBots).where(eq(rcsBots.userId, userId)).limit(1);
    const botId =
      existing[0]?.id ?? (await db.insert(rcsBots).values({ userId, name }).returning({ id: rcsBots.id }))[0].id;
    if (owner !== "manager") continue;
    const sample = libraryTemplate("retail-new-arrivals");
    if (!sample.rcs) continue;
    const draft = { ...sample.rcs, botId, name: "New arrivals (sample)" };
    await db
      .insert(rcsTemplates)
      .values({ userId, botId, name: draft.name, type: draft.type, draft, fromLibrary: true, libraryId: sample.id });
  }
}
