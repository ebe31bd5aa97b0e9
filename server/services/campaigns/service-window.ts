// WhatsApp's customer service window: 24 hours from the customer's last message to a business number. Inside it a
// free-form answer is allowed and, under Meta's per-message pricing, a utility template is free
// (contract/domain/charging.ts). One lookup for many numbers, through the conversations' unique index.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { freeInWindow, type CampaignTemplate } from "./dispatch-content";
import { openRcsConversations } from "./rcs-conversations";

/** The numbers among `numbers` whose service window with WhatsApp number `from` of this account is open now. */
export async function openServiceWindows(
  db: Db | Tx,
  userId: string,
  from: string,
  numbers: readonly string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await rowsOf<{ number: string }>(
    db,
    sql`select customer_number as number from conversations
        where user_id = ${userId} and channel = 'whatsapp' and business_address = ${from}
          and customer_number = any(${pgArray([...numbers])}::text[]) and last_inbound_at > now() - interval '24 hours'`,
  );
  return new Set(rows.map((r) => r.number));
}

/**
 * The numbers among `numbers` a campaign template's message would be free to now, or undefined where none can be: a
 * WhatsApp utility template inside the customer's service window; an RCS message inside the person's open
 * conversation with a conversational bot.
 */
export async function freeWindows(
  db: Db | Tx,
  template: CampaignTemplate,
  userId: string,
  from: string,
  numbers: readonly string[],
): Promise<Set<string> | undefined> {
  if (freeInWindow(template)) return openServiceWindows(db, userId, from, numbers);
  if (template.channel === "rcs" && template.conversationalBotId)
    return openRcsConversations(db, template.conversationalBotId, numbers);
  return undefined;
}
