import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/sql";

/** The texts of seeded last messages: words, an order number, and `%`, `_` and `\` a search must take literally. */
const TEXTS = ["hello", "thanks a lot", "where is my parcel", "call me back", "price? 100%", "ok_done", "a\\b"];

/**
 * A big inbox for the manager in one statement: `count` conversations on three channels (half WhatsApp), 30 % open,
 * a quarter assigned to its live agent, pairs sharing a last-message time (so the id breaks ties), distinct numbers
 * (+91 and ten digits, a permutation of g), texts with numbers in them. Then ANALYZE, as a database that has run a
 * while has its statistics.
 */
export async function seedInbox(db: Db, ownerId: string, count: number): Promise<void> {
  const [agent] = await rowsOf<{ id: string }>(
    db,
    sql`select id from live_agents where owner_id = ${ownerId} and user_id is not null limit 1`,
  );
  const texts = `{${TEXTS.map((t) => `"${t.replace(/\\/g, "\\\\")}"`).join(",")}}`;
  await db.execute(sql`
    insert into conversations (user_id, channel, customer_number, customer_name, business_address, status,
      assigned_agent_id, last_inbound_at, last_message_at, last_message_text, unread_count, created_at)
    select ${ownerId}::uuid, (array['whatsapp','whatsapp','whatsapp','sms','sms','rcs'])[1 + g % 6],
      '+91' || (7000000000 + (g::bigint * 48271) % 2147483647)::text, null, 'seed-inbox-' || g % 6,
      case when g % 10 < 3 then 'open' else 'resolved' end,
      case when g % 4 = 0 then ${agent?.id ?? null}::uuid end,
      now() - (g / 2) * interval '1 minute', now() - (g / 2) * interval '1 minute',
      'Order ' || (g * 131 % 100000)::text || ' ' || (${texts}::text[])[1 + g % ${TEXTS.length}],
      case when g % 10 < 3 then g % 3 else 0 end, now() - interval '90 days'
    from generate_series(1, ${count}) g`);
  await db.execute(sql`vacuum analyze conversations`);
}
