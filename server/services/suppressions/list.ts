import { Readable } from "node:stream";
import { and, asc, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import type { RejectedRowRecord, SuppressionRecord } from "../../../contract/calls";
import type { Db } from "../../db/client";
import type { ConsentMethod } from "../../../contract/domain/consent";
import { suppressions } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { notFound } from "../../http/errors";
import { csvLine } from "../campaigns/csv-safe";
import { escapeLike } from "../campaigns/list";
import { toE164 } from "../campaigns/phone";
import { isUuid } from "../caller";
import { optOutDeliveriesCte } from "../consent/opt-out-webhooks";

// The per-account suppression list: numbers (E.164) an account never sends to. The account is always the caller
// (a user or manager), so nobody reads or changes another account's list.

type Row = typeof suppressions.$inferSelect;
export type SuppressionSource = Row["source"];

export const SUPPRESSION_NOT_FOUND = "That number is not on your suppression list";
export const INVALID_NUMBER = "Not a valid phone number";
/** The proof of the opt-in that taking a number off the list records. */
export const REMOVED_PROOF = "Removed from the suppression list";
/** Invalid rows reported back at most (the count of added numbers is always exact). */
export const REPORTED_INVALID_MAX = 1000;
const INSERT_CHUNK = 5000;

const toRecord = (r: Row): SuppressionRecord => ({
  id: r.id,
  number: r.number,
  reason: r.reason,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
});

export async function listSuppressions(
  db: Db,
  ownerId: string,
  q: string | undefined,
  window: { limit: number; offset: number },
): Promise<{ records: SuppressionRecord[]; total: number }> {
  const term = q?.trim();
  const where = and(
    eq(suppressions.userId, ownerId),
    term
      ? or(ilike(suppressions.number, `%${escapeLike(term)}%`), ilike(suppressions.reason, `%${escapeLike(term)}%`))
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(suppressions)
      .where(where)
      .orderBy(desc(suppressions.createdAt), desc(suppressions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(suppressions).where(where),
  ]);
  return { records: rows.map(toRecord), total: n };
}

/** Numbers read from pasted text or a file: the valid ones (E.164, each once) and the rows that are not numbers. */
export class NumberCollector {
  readonly numbers = new Set<string>();
  readonly invalid: RejectedRowRecord[] = [];
  invalidCount = 0;
  /** The number the last add took (null when it was not a number). */
  last: string | null = null;

  add(row: number, value: string): void {
    this.last = null;
    const typed = value.trim();
    if (!typed) return;
    const number = toE164(typed);
    if (number) {
      this.numbers.add(number);
      this.last = number;
      return;
    }
    this.invalidCount += 1;
    if (this.invalid.length < REPORTED_INVALID_MAX)
      this.invalid.push({ row, value: typed.slice(0, 100), kind: "invalid", reason: INVALID_NUMBER });
  }
}

/**
 * Pasted numbers: one per line or separated by commas or semicolons (spaces inside a number are kept); `row` is the
 * position among the non-empty entries.
 */
export function collectPasted(text: string): NumberCollector {
  const collector = new NumberCollector();
  text.split(/[\r\n,;]+/).forEach((value, i) => collector.add(i + 1, value));
  return collector;
}

/** The consent method a suppression's source stands for (the list is the ledger's all-channel opt-outs). */
const METHOD_OF: Record<SuppressionSource, ConsentMethod> = {
  manual: "agent",
  import: "import",
  "stop-reply": "keyword",
  workflow: "agent",
};

/**
 * Adds the numbers in one transaction (chunks of plain multi-row SQL, STACK 8); numbers already on the list are
 * left as they are by the unique index. Each new one is an all-channel opt-out in the consent ledger, recorded by
 * `actorId` (null: a workflow). Answers how many were new.
 */
export async function addSuppressions(
  db: Db,
  ownerId: string,
  numbers: Iterable<string>,
  reason: string,
  source: SuppressionSource,
  actorId: string | null = ownerId,
): Promise<number> {
  const all = [...numbers];
  if (all.length === 0) return 0;
  return db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < all.length; i += INSERT_CHUNK) {
      const chunk = JSON.stringify(all.slice(i, i + INSERT_CHUNK));
      const result: unknown = await tx.execute(sql`
        with ins as (
          insert into suppressions (user_id, number, reason, source)
          select ${ownerId}::uuid, n, ${reason}, ${source} from jsonb_array_elements_text(${chunk}::jsonb) as n
          on conflict (user_id, number) do nothing returning number),
        ev as (
          insert into consent_events (user_id, number, channel, purpose, status, method, proof, actor_id)
          select ${ownerId}::uuid, number, 'all', 'any', 'opted_out', ${METHOD_OF[source]}, ${reason}, ${actorId}::uuid from ins)
        ${optOutDeliveriesCte("hooks", ownerId, "ins", METHOD_OF[source], reason)}
        select count(*)::int as n from ins`);
      added += (result as { rows: { n: number }[] }).rows[0].n;
    }
    return added;
  });
}

/** Takes a number off the list: an agent's all-channel opt-in in the consent ledger (the person may be messaged). */
export async function removeSuppression(db: Db, ownerId: string, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound(SUPPRESSION_NOT_FOUND);
  const [row] = await rowsOf<{ number: string }>(
    db,
    sql`with del as (
          delete from suppressions where id = ${id}::uuid and user_id = ${ownerId}::uuid returning number
        ), ev as (
          insert into consent_events (user_id, number, channel, purpose, status, method, proof, actor_id)
          select ${ownerId}::uuid, number, 'all', 'any', 'opted_in', 'agent', ${REMOVED_PROOF}, ${ownerId}::uuid from del
        )
        select number from del`,
  );
  if (!row) throw notFound(SUPPRESSION_NOT_FOUND);
  return row.number;
}

/** The whole list as CSV, in pages along the (user_id, number) index. */
export function suppressionsCsv(db: Db, ownerId: string): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(["number", "reason", "source", "added_at"]);
    let after = "";
    for (;;) {
      const rows = await db
        .select()
        .from(suppressions)
        .where(and(eq(suppressions.userId, ownerId), gt(suppressions.number, after)))
        .orderBy(asc(suppressions.number))
        .limit(INSERT_CHUNK);
      if (rows.length === 0) return;
      yield rows.map((r) => csvLine([r.number, r.reason, r.source, r.createdAt.toISOString()])).join("");
      after = rows[rows.length - 1].number;
    }
  }
  return Readable.from(lines());
}
