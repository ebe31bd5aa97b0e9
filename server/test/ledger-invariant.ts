import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { FINAL_CAMPAIGN_STATUSES } from "../../contract/domain/campaigns";
import { LEDGER_KINDS } from "../../contract/calls";
import type { Db } from "../db/client";
import { rowsOf } from "../db/sql";

// Money is exact: for every account in the database, whoever wrote its rows (the seed, a route, a job),
//  - its balance is the sum of its ledger rows, and the rows chain: each balance_after is the one before plus its
//    amount, so the last one is the balance (an account without rows has a zero balance);
//  - what the ledger holds for campaigns (campaign_hold less campaign_release) is what its campaigns show as held
//    (held_paise), each campaign's spend is the sum of its recipients' charges, never past its hold, and a finished
//    campaign holds nothing beyond what it spent;
//  - what the ledger charged for public-API messages (api_message less api_refund) is what those messages cost;
//  - what it charged for RCS conversations (rcs_conversation) is what those conversations cost.
// Chat messages carry no charge (sent inside a conversation, free here), so they have nothing to reconcile.
// Test sends and a workflow's campaign messages are charged as plain debits (and refunds as credits) with no other
// record, so they are covered by the balance and chain checks only.

interface AccountRow {
  id: string;
  username: string;
  balance: string;
}
interface LedgerRow {
  user_id: string;
  amount: string;
  balance_after: string;
  kind: string;
  created_at: string | Date;
}
interface CampaignRow {
  user_id: string;
  name: string;
  status: string;
  held: number;
  spent: number;
  charged: number;
}

/** Numeric rupees (text) to integer paise: the columns have two decimals, so this is exact. */
const paiseOf = (rupees: string) => Math.round(Number(rupees) * 100);
const inr = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * Whether the rows chain from zero: at each step some row continues the balance (the earliest such, by created_at).
 * Not strictly created_at order: rows of one transaction share its timestamp, and on PostgreSQL a transaction that
 * began first may take the account's row lock second. Returns the first row that continues nothing, or null.
 */
function chainBreak(rows: LedgerRow[]): string | null {
  const pending = [...rows];
  let balance = 0;
  while (pending.length) {
    const next = pending.findIndex((r) => paiseOf(r.balance_after) - paiseOf(r.amount) === balance);
    if (next < 0) {
      const r = pending[0];
      return `ledger chain breaks at ${new Date(r.created_at).toISOString()} ${r.kind} ${inr(paiseOf(r.amount))}: balance before was ${inr(balance)}, the row says ${inr(paiseOf(r.balance_after) - paiseOf(r.amount))}`;
    }
    balance = paiseOf(pending[next].balance_after);
    pending.splice(next, 1);
  }
  return null;
}

/** Every account's mismatches between its balance, its ledger and the charges on its messages, one line each. */
export async function ledgerMismatches(db: Db): Promise<string[]> {
  // One snapshot for all the reads, so a dispatcher still at work between them cannot show a half-written move.
  const { accounts, ledger, campaignRows, api, conversations } = await db.transaction(
    async (tx) => {
      const accounts = await rowsOf<AccountRow>(
        tx,
        sql`select id::text as id, username, balance::text as balance from users order by username`,
      );
      const ledger = await rowsOf<LedgerRow>(
        tx,
        sql`select user_id::text as user_id, amount::text as amount, balance_after::text as balance_after, kind, created_at from balance_ledger order by created_at, id`,
      );
      const campaignRows = await rowsOf<CampaignRow>(
        tx,
        sql`select c.user_id::text as user_id, c.name, c.status, c.held_paise::float8 as held, c.spent_paise::float8 as spent,
                   coalesce((select sum(r.cost_paise + r.failover_cost_paise) from campaign_recipients r where r.campaign_id = c.id), 0)::float8 as charged
            from campaigns c order by c.created_at`,
      );
      const api = await rowsOf<{ user_id: string; cost: number }>(
        tx,
        sql`select user_id::text as user_id, sum(cost_paise)::float8 as cost from api_messages group by user_id`,
      );
      const conversations = await rowsOf<{ user_id: string; cost: number }>(
        tx,
        sql`select user_id::text as user_id, sum(cost_paise)::float8 as cost from rcs_conversations group by user_id`,
      );
      return { accounts, ledger, campaignRows, api, conversations };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );

  const problems: string[] = [];
  const known = new Set<string>(LEDGER_KINDS);
  for (const r of ledger) if (!known.has(r.kind)) problems.push(`ledger row of unknown kind "${r.kind}"`);
  const transfers = ledger
    .filter((r) => r.kind === "transfer_in" || r.kind === "transfer_out")
    .reduce((s, r) => s + paiseOf(r.amount), 0);
  if (transfers !== 0) problems.push(`transfers do not net to zero across accounts: ${inr(transfers)}`);

  for (const account of accounts) {
    const own = ledger.filter((r) => r.user_id === account.id);
    const say = (what: string) => problems.push(`${account.username}: ${what}`);
    const balance = paiseOf(account.balance);
    const sum = (kinds: readonly string[]) =>
      own.filter((r) => kinds.includes(r.kind)).reduce((s, r) => s + paiseOf(r.amount), 0);
    const total = own.reduce((s, r) => s + paiseOf(r.amount), 0);
    if (balance !== total) say(`balance ${inr(balance)} ≠ sum of its ${own.length} ledger rows ${inr(total)}`);
    const broken = chainBreak(own);
    // A chain that holds ends at the sum of its amounts, so with the check above it ends at the balance.
    if (broken) say(broken);

    const mine = campaignRows.filter((c) => c.user_id === account.id);
    const held = mine.reduce((s, c) => s + c.held, 0);
    const ledgerHeld = -sum(["campaign_hold", "campaign_release"]);
    if (ledgerHeld !== held)
      say(`ledger holds (campaign_hold less campaign_release) ${inr(ledgerHeld)} ≠ its campaigns' held ${inr(held)}`);
    for (const c of mine) {
      if (c.spent !== c.charged)
        say(`campaign "${c.name}" spent ${inr(c.spent)} ≠ its recipients' charges ${inr(c.charged)}`);
      if (c.spent > c.held) say(`campaign "${c.name}" spent ${inr(c.spent)} past its hold ${inr(c.held)}`);
      if ((FINAL_CAMPAIGN_STATUSES as readonly string[]).includes(c.status) && c.held !== c.spent) {
        say(`campaign "${c.name}" is ${c.status} but still holds ${inr(c.held - c.spent)} it did not spend`);
      }
    }
    const apiCost = api.find((a) => a.user_id === account.id)?.cost ?? 0;
    const ledgerApi = -sum(["api_message", "api_refund"]);
    if (ledgerApi !== apiCost)
      say(
        `ledger API charges (api_message less api_refund) ${inr(ledgerApi)} ≠ its API messages' cost ${inr(apiCost)}`,
      );
    const conversationCost = conversations.find((c) => c.user_id === account.id)?.cost ?? 0;
    const ledgerConversations = -sum(["rcs_conversation"]);
    if (ledgerConversations !== conversationCost)
      say(
        `ledger RCS conversations ${inr(ledgerConversations)} ≠ its RCS conversations' cost ${inr(conversationCost)}`,
      );
  }
  return problems;
}

/** Fails with one line per mismatch (account: what differs) when the money of any account does not add up. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  expect(await ledgerMismatches(db), "balance = ledger, and the ledger = the charges, for every account").toEqual([]);
}
