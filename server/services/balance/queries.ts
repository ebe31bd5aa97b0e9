import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { markHot, type Db } from "../../db/client";
import { balanceLedger, users } from "../../db/schema";

/**
 * The balance read, built once per database: the hottest signed-in call skips drizzle's query building, and on
 * PostgreSQL the named statement is parsed and planned once per connection.
 */
const prepareBalanceOf = (db: Db) =>
  markHot(
    db,
    db
      .select({ balance: users.balance })
      .from(users)
      .where(eq(users.id, sql.placeholder("id")))
      .prepare("balance_get"),
  );
const balanceQueries = new WeakMap<Db, ReturnType<typeof prepareBalanceOf>>();

/** An account's balance as stored (numeric text); undefined when the account is gone. */
export async function balanceOf(db: Db, userId: string): Promise<string | undefined> {
  let query = balanceQueries.get(db);
  if (!query) balanceQueries.set(db, (query = prepareBalanceOf(db)));
  const [row] = await query.execute({ id: userId });
  return row?.balance;
}

const actor = alias(users, "actor");

/** One page of an account's ledger, newest first, with the actor's username and the total row count. */
export async function ledgerPage(db: Db, ownerId: string, limit: number, offset: number) {
  const where = eq(balanceLedger.userId, ownerId);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(balanceLedger)
    .where(where);
  const rows = await db
    .select({ l: balanceLedger, actor: actor.username })
    .from(balanceLedger)
    .leftJoin(actor, eq(actor.id, balanceLedger.actorId))
    .where(where)
    .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
    .limit(limit)
    .offset(offset);
  return { count, rows };
}
