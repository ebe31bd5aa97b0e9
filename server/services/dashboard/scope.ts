import { sql, type SQL } from "drizzle-orm";
import type { DashboardScope } from "../../../contract/calls";
import type { Caller } from "../caller";

/**
 * Whose figures a caller's dashboards and reports show, the same reach as everywhere else (services/accounts/users.ts
 * canReach, campaigns/reach.ts): an admin every account; a reseller the accounts it created (its customers); a
 * manager its organization, i.e. itself and the accounts it created; a department head the campaigns it created (for
 * its organization, which may own them) and its own inbox; a user itself.
 */
export interface DashboardReach {
  scope: DashboardScope;
  caller: Caller;
  /** Ids of the accounts whose campaigns, conversations and ledger count, as a subquery; undefined: every account. */
  owners: SQL | undefined;
  /** A department head's campaigns are those it created, whoever owns them. */
  createdBy: string | undefined;
  /**
   * Team Reports attribute a campaign to its creator in a workspace (so a manager sees what its department head
   * sent, though the organization pays) and to its owner for an operator (customers are who pays).
   */
  attribution: "owner" | "creator";
}

const children = (id: string) => sql`(select u.id from users u where u.parent_id = ${id})`;

export function reachOf(caller: Caller): DashboardReach {
  const base = { caller, createdBy: undefined };
  switch (caller.role) {
    case "admin":
      return { ...base, scope: "platform", owners: undefined, attribution: "owner" };
    case "reseller":
      return { ...base, scope: "customers", owners: children(caller.id), attribution: "owner" };
    case "manager":
      return {
        ...base,
        scope: "organization",
        owners: sql`(select ${caller.id}::uuid union all select u.id from users u where u.parent_id = ${caller.id})`,
        attribution: "creator",
      };
    case "department_head":
      return {
        ...base,
        scope: "department",
        owners: sql`(select ${caller.id}::uuid)`,
        createdBy: caller.id,
        attribution: "creator",
      };
    default:
      return { ...base, scope: "own", owners: sql`(select ${caller.id}::uuid)`, attribution: "owner" };
  }
}

const col = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/** The reach as a condition on recipient_daily_stats (alias `s`); a department head's through its campaigns. */
export function statsInReach(reach: DashboardReach, alias = "s"): SQL {
  if (reach.createdBy)
    return sql`${col(alias, "campaign_id")} in (select c.id from campaigns c where c.created_by = ${reach.createdBy})`;
  return reach.owners ? sql`${col(alias, "user_id")} in ${reach.owners}` : sql`true`;
}

/**
 * The reach as a condition on a per-account rollup with a (user_id, day) index (engagement_daily, alias `s`): the
 * owners as an array computed once (`= any(array(...))`), so the planner walks that index per owner for the range's
 * days instead of reading every account's rows of those days through the day index and filtering them (what an
 * `in (subquery)` semi-join gave: rows-read-engagement.test.ts). A department head's through its campaigns' keys.
 */
export function rollupInReach(reach: DashboardReach, alias = "s"): SQL {
  if (reach.createdBy)
    return sql`${col(alias, "campaign_id")} = any(array(select c.id from campaigns c where c.created_by = ${reach.createdBy}))`;
  return reach.owners ? sql`${col(alias, "user_id")} = any(array${reach.owners})` : sql`true`;
}

/** The same reach over a table with an owner column (conversations, chat_messages, balance_ledger, campaigns). */
export function ownedInReach(reach: DashboardReach, alias: string, column = "user_id"): SQL {
  return reach.owners ? sql`${col(alias, column)} in ${reach.owners}` : sql`true`;
}

/**
 * The accounts listed in Team Reports and the operator dashboards: for an admin every other account, for a reseller
 * its customers, for a manager itself and its sub-accounts, for a department head itself.
 */
export function membersInReach(reach: DashboardReach, alias = "u"): SQL {
  const id = col(alias, "id");
  const { caller } = reach;
  switch (reach.scope) {
    case "platform":
      return sql`${id} <> ${caller.id}`;
    case "customers":
      return sql`${col(alias, "parent_id")} = ${caller.id}`;
    case "organization":
      return sql`(${id} = ${caller.id} or ${col(alias, "parent_id")} = ${caller.id})`;
    default:
      return sql`${id} = ${caller.id}`;
  }
}
