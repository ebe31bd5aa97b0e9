// The operator's ledger on a first start (issue 37): the demo reseller buys below the global rates (its own card, set
// by the admin), so its Customer rates screen shows a margin and Margin earned is not empty over the seeded campaigns;
// and one support ticket of the reseller's, answered by the admin, so both sides' desks show a thread. No money moves:
// a card prices future messages only, and the seeded campaigns keep the rates they were seeded with.
import type { RateKey } from "../contract/domain/charging";
import type { Db } from "./db/client";
import { rateCardAudit, rateCards, supportTicketMessages, supportTickets } from "./db/schema";

/** The reseller's cost: below the global SMS (₹0.25) and WhatsApp marketing (₹0.88) rates its customers pay. */
export const DEMO_RESELLER_COST: Readonly<Partial<Record<RateKey, number>>> = { sms: 20, whatsapp_marketing: 80 };

export async function seedLedgerDemo(db: Db, ids: ReadonlyMap<string, string>, from: Date): Promise<void> {
  const admin = ids.get("admin");
  const reseller = ids.get("reseller");
  if (!admin || !reseller) return;
  const entries = Object.entries(DEMO_RESELLER_COST) as [RateKey, number][];
  await db.insert(rateCards).values(
    entries.map(([key, paise]) => ({
      accountId: reseller,
      scope: "account" as const,
      key,
      paise,
      effectiveFrom: from,
      setBy: admin,
      createdAt: from,
    })),
  );
  // Rates are money: the seeded card has its audit rows like any change.
  await db.insert(rateCardAudit).values(
    entries.map(([key, paise]) => ({
      actorId: admin,
      accountId: reseller,
      scope: "account" as const,
      key,
      oldPaise: null,
      newPaise: paise,
      effectiveFrom: from,
      createdAt: from,
    })),
  );
  const asked = new Date(from.getTime() + 3_600_000);
  const answered = new Date(asked.getTime() + 2 * 3_600_000);
  const [ticket] = await db
    .insert(supportTickets)
    .values({
      kind: "support",
      subject: "How do I set a customer's rates?",
      status: "answered",
      fromUserId: reseller,
      to: "admin",
      toUserId: admin,
      createdAt: asked,
      updatedAt: answered,
    })
    .returning({ id: supportTickets.id });
  await db.insert(supportTicketMessages).values([
    {
      ticketId: ticket.id,
      authorId: reseller,
      body: "A customer of ours wants a lower SMS rate for next month. Where do I set it, and can it start on the 1st?",
      createdAt: asked,
    },
    {
      ticketId: ticket.id,
      authorId: admin,
      body: "Settings → Customer rates: pick the customer, type the new SMS rate and choose the day it starts. It cannot go below your own cost (₹0.20).",
      createdAt: answered,
    },
  ]);
}
