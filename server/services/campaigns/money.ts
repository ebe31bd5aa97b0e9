import { and, eq, inArray, sql } from "drizzle-orm";
import { FINAL_CAMPAIGN_STATUSES } from "../../../contract/domain/campaigns";
import { MSG } from "../../../contract/messages";
import { campaigns } from "../../db/schema";
import type { Db } from "../../db/client";
import { applyMovesIn } from "../balance/ledger";
import type { Tx } from "../../db/sql";
import { ROW_LOCK } from "../../db/locks";

// A campaign's money, in paise, through the ledger:
//  - hold: at start the estimate leaves the balance (ledger `campaign_hold`) and sits on the campaign (held_paise);
//    the debit is conditional, so a campaign can never drive a balance below zero;
//  - settle: each billable message moves its cost from the hold into spent_paise, never past the hold;
//  - release: at the end (completed or discarded) what the hold did not spend returns to the balance (ledger
//    `campaign_release`), and the hold shrinks to what was spent, so a second release gives nothing back.

export interface CampaignMoney {
  id: string;
  userId: string;
  name: string;
}

/**
 * Takes `paise` from the owner's balance onto the campaign; throws InsufficientBalance (roll back) when it cannot.
 * `at`: when, for history written after the fact (the demo seed); default now.
 */
export async function holdForCampaign(
  tx: Tx,
  campaign: CampaignMoney,
  paise: number,
  actorId: string,
  impersonatedBy?: string,
  at?: Date,
): Promise<void> {
  if (paise > 0) {
    await applyMovesIn(
      tx,
      [
        {
          userId: campaign.userId,
          paise: -paise,
          kind: "campaign_hold",
          note: `Campaign "${campaign.name}"`,
          insufficient: MSG.insufficientBalance,
          at,
        },
      ],
      actorId,
      impersonatedBy,
    );
  }
  await tx
    .update(campaigns)
    .set({ heldPaise: sql`${campaigns.heldPaise} + ${paise}`, updatedAt: new Date() })
    .where(eq(campaigns.id, campaign.id));
}

/**
 * Settles `paise` of sending against the hold; false when the hold has not that much left (the caller then stops
 * sending, e.g. pauses with a reason, rather than spend money that was not held).
 */
export async function settle(tx: Tx, campaignId: string, paise: number): Promise<boolean> {
  if (paise <= 0) return true;
  const rows = await tx
    .update(campaigns)
    .set({ spentPaise: sql`${campaigns.spentPaise} + ${paise}` })
    .where(and(eq(campaigns.id, campaignId), sql`${campaigns.spentPaise} + ${paise} <= ${campaigns.heldPaise}`))
    .returning({ id: campaigns.id });
  return rows.length === 1;
}

/**
 * Returns the unspent hold to the owner's balance (idempotent: the hold becomes what was spent); `at` as for a hold.
 * `keepPaise`: what may still be spent (failovers a receipt can yet trigger) stays held beyond the spend.
 */
export async function releaseHold(
  tx: Tx,
  campaignId: string,
  actorId: string,
  at?: Date,
  keepPaise = 0,
): Promise<number> {
  const [row] = await tx
    .select({
      id: campaigns.id,
      userId: campaigns.userId,
      name: campaigns.name,
      held: campaigns.heldPaise,
      spent: campaigns.spentPaise,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .for(ROW_LOCK);
  if (!row || row.held <= row.spent + keepPaise) return 0;
  const unused = row.held - row.spent - keepPaise;
  await applyMovesIn(
    tx,
    [
      {
        userId: row.userId,
        paise: unused,
        kind: "campaign_release",
        note: `Campaign "${row.name}"`,
        insufficient: MSG.insufficientBalance,
        at,
      },
    ],
    actorId,
  );
  await tx
    .update(campaigns)
    .set({ heldPaise: row.held - unused, updatedAt: new Date() })
    .where(eq(campaigns.id, campaignId));
  return unused;
}

/**
 * Charges given back after the campaign ended (a discard while a batch was in flight: its unsent rows return to the
 * queue and their cost to the hold) would otherwise sit in a hold that was already released; this releases them too.
 */
export async function releaseIfFinal(db: Db, campaignId: string, actorId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, [...FINAL_CAMPAIGN_STATUSES])));
    return row ? releaseHold(tx, campaignId, actorId) : 0;
  });
}
