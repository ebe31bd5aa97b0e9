import { and, eq, sql, type SQL } from "drizzle-orm";
import { DND_RULES, dndBlocks, type DndEntry } from "../../../contract/domain/dnd";
import type { SmsCategory } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { dndNumbers } from "../../db/schema";
import type { Tx } from "../../db/sql";

// contract/domain/dnd.ts's rule over the account's DND list: in SQL for a campaign's recipients (the pre-send check
// counts and the start marks them in one statement), and per number for a single send (the public API, workflows).

/**
 * The account's numbers an SMS of `category` is held back from, as a subquery; null when the category is not scrubbed.
 */
export function dndBlockedNumbers(userId: string, category: SmsCategory): SQL | null {
  const { scrub } = DND_RULES[category];
  if (scrub === "none") return null;
  // "fullyBlocked": only a full block (no preference listed, or 0) holds it back; "anyPreference": any entry does.
  const full =
    scrub === "fullyBlocked"
      ? sql` and (cardinality(${dndNumbers.preferences}) = 0 or 0 = any(${dndNumbers.preferences}))`
      : sql``;
  return sql`(select ${dndNumbers.number} from ${dndNumbers} where ${dndNumbers.userId} = ${userId} and not ${dndNumbers.consent}${full})`;
}

/** Whether an SMS of `category` from the account to `number` is held back as DND (the same rule, for one number). */
export async function dndHoldsBack(
  db: Db | Tx,
  userId: string,
  number: string,
  category: SmsCategory,
): Promise<boolean> {
  if (DND_RULES[category].scrub === "none") return false;
  const [row] = await db
    .select({ preferences: dndNumbers.preferences, consent: dndNumbers.consent })
    .from(dndNumbers)
    .where(and(eq(dndNumbers.userId, userId), eq(dndNumbers.number, number)));
  const entry: DndEntry | null = row ? { preferences: row.preferences, consent: row.consent } : null;
  return dndBlocks(category, entry);
}
