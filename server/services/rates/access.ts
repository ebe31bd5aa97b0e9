import { MSG } from "../../../contract/messages";
import type { RateCardScope } from "../../../contract/domain/rate-cards";
import type { Db } from "../../db/client";
import { forbidden, HttpError, notFound } from "../../http/errors";
import { findUser } from "../accounts/users";
import type { Caller } from "../caller";
import { buyerChain } from "./cards";

// Who may read and set whose card: an admin any account but an admin; a reseller its own (read, and its card for
// customers) and its customers' (the accounts it is the nearest reseller of). Anything else reads as missing, so
// ids cannot be probed.

export interface CardTarget {
  id: string;
  username: string;
  role: string;
  /** The nearest reseller above the account, null for none (a reseller has none). */
  resellerId: string | null;
  /** The organization (manager) the account belongs to below its reseller, null for none. */
  organizationId: string | null;
}

export async function cardTarget(db: Db, caller: Caller, accountId: string): Promise<CardTarget> {
  const user = await findUser(db, accountId);
  if (!user || user.role === "admin") throw notFound(MSG.userNotFound);
  const { resellerId, organizationId } =
    user.role === "reseller" ? { resellerId: null, organizationId: null } : await buyerChain(db, user.id);
  const mine = caller.role === "admin" || user.id === caller.id || resellerId === caller.id;
  if (!mine) throw notFound(MSG.userNotFound);
  return { id: user.id, username: user.username, role: user.role, resellerId, organizationId };
}

/** Whether the caller may write this card of the target; throws the refusal. */
export function checkWrite(caller: Caller, target: CardTarget, scope: RateCardScope): void {
  if (scope === "customers" && target.role !== "reseller")
    throw new HttpError(422, "Only a reseller has a card for its customers", [
      { field: "scope", message: "is for resellers only" },
    ]);
  if (caller.role === "admin") return;
  // A reseller's own rates are its cost: the admin sets them.
  if (target.id === caller.id && scope === "account") throw forbidden("Your own rates are set by the admin");
  if (target.id !== caller.id && scope === "customers") throw notFound(MSG.userNotFound);
}
