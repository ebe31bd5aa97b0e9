import { sql } from "drizzle-orm";
import type { ChatChannel } from "../contract/domain/chats";
import type { Db } from "./db/client";
import { businessAddresses } from "./services/chats/addresses";

// Demo conversations on a fresh install, so the inbox is not empty: for the manager one per channel (a WhatsApp one
// inside the 24-hour window and one outside it), and one long WhatsApp conversation of exactly 10,000 messages (the
// virtualized list's test and benchmark), written by one INSERT … generate_series.

const HOUR = 60 * 60 * 1000;
export const LONG_CONVERSATION_NUMBER = "+919810000199";
export const LONG_CONVERSATION_SIZE = 10_000;

interface Demo {
  channel: ChatChannel;
  number: string;
  /** [direction, text, hours ago, status of an outgoing one] */
  messages: ["in" | "out", string, number, string?][];
}

const DEMOS: Demo[] = [
  {
    channel: "whatsapp",
    number: "+919810000101",
    messages: [
      ["in", "Hi, is my order #4821 shipped?", 3],
      ["out", "Yes! It left our warehouse this morning and arrives tomorrow.", 2.9, "read"],
      ["in", "Great, thank you 🙏", 2],
    ],
  },
  {
    channel: "whatsapp",
    number: "+919810000102",
    messages: [
      ["in", "Do you deliver to Pune?", 30],
      ["out", "We do, in 2–3 days.", 29.5, "delivered"],
    ],
  },
  { channel: "sms", number: "+919810000103", messages: [["in", "What are your store hours on Sunday?", 5]] },
  {
    channel: "rcs",
    number: "+919810000104",
    messages: [
      ["out", "Our winter collection is here. Tap to explore.", 8, "read"],
      ["in", "Show me jackets under 3000", 7.5],
    ],
  },
];

/** The manager's live agent, signing in as the demo account `agent` (seed.ts), and one invitation still open. */
async function seedAgents(db: Db, manager: string, agentUser: string | undefined): Promise<string | null> {
  await db.execute(sql`
    insert into live_agents (owner_id, name, email, status, invite_token_hash, invite_expires_at)
    values (${manager}, 'Rohan Iyer', 'rohan.iyer@example.com', 'invited', ${"seeded-invitation-never-mailed"}, now() + interval '7 days')`);
  if (!agentUser) return null;
  const result = (await db.execute(sql`
    insert into live_agents (owner_id, user_id, name, email, status) values (${manager}, ${agentUser}, 'Asha Verma', 'agent@example.com', 'active')
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id ?? null;
}

/** The manager's canned responses (issue 40), so `/` in the demo inbox offers some at once. */
async function seedCanned(db: Db, manager: string): Promise<void> {
  await db.execute(sql`
    insert into canned_responses (user_id, code, title, body, channel) values
      (${manager}, 'hello', 'Hello', 'Hi {{name|there}}, thanks for writing to Acme Retail. How can I help?', null),
      (${manager}, 'hours', 'Store hours', 'Our stores are open 10 am to 9 pm, Monday to Sunday.', null),
      (${manager}, 'track', 'Track an order', 'You can track your order at acme.example/track with your order number.', 'whatsapp')
    on conflict do nothing`);
}

export async function seedChatsDemo(db: Db, ids: ReadonlyMap<string, string>): Promise<void> {
  const manager = ids.get("manager");
  if (!manager) return;
  const agentId = await seedAgents(db, manager, ids.get("agent"));
  await seedCanned(db, manager);
  const addresses = await businessAddresses(db, manager);
  const now = Date.now();
  for (const demo of DEMOS) {
    const address = addresses.find((a) => a.channel === demo.channel);
    if (!address) continue;
    const last = demo.messages[demo.messages.length - 1];
    const lastIn = [...demo.messages].reverse().find((m) => m[0] === "in");
    const unread = demo.messages.length - 1 - demo.messages.map((m) => m[0]).lastIndexOf("out");
    const at = (hours: number) => new Date(now - hours * HOUR).toISOString();
    const result = (await db.execute(sql`
      insert into conversations (user_id, channel, customer_number, business_address, last_inbound_at, last_message_at, last_message_text, unread_count, created_at)
      values (${manager}, ${demo.channel}, ${demo.number}, ${address.address}, ${lastIn ? at(lastIn[2]) : null}, ${at(last?.[2] ?? 0)}, ${last?.[1] ?? ""},
              ${Math.max(0, unread)}, ${at(demo.messages[0]?.[2] ?? 0)})
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = result.rows[0]?.id;
    if (!id) continue;
    // The first conversation is Asha's: assigned to her and answered by her (her metrics are not empty).
    const byAgent = demo === DEMOS[0] ? agentId : null;
    if (byAgent) await db.execute(sql`update conversations set assigned_agent_id = ${byAgent} where id = ${id}`);
    for (const [direction, text, hours, status] of demo.messages) {
      await db.execute(sql`
        insert into chat_messages (conversation_id, user_id, direction, type, text, status, agent_id, author_name, created_at)
        values (${id}, ${manager}, ${direction}, 'text', ${text}, ${status ?? null}, ${direction === "out" ? byAgent : null},
                ${direction === "out" ? (byAgent ? "Asha Verma" : "manager") : ""}, ${at(hours)})`);
    }
  }
  const whatsapp = addresses.find((a) => a.channel === "whatsapp");
  if (!whatsapp) return;
  // 10,000 messages over the last 10 days, customer and business taking turns; the last one the customer's, an hour
  // ago.
  const start = new Date(now - 10 * 24 * HOUR).toISOString();
  const step = (10 * 24 * HOUR - HOUR) / LONG_CONVERSATION_SIZE;
  await db.execute(sql`
    with c as (
      insert into conversations (user_id, channel, customer_number, business_address, last_inbound_at, last_message_at, last_message_text, unread_count, created_at)
      values (${manager}, 'whatsapp', ${LONG_CONVERSATION_NUMBER}, ${whatsapp.address}, ${new Date(now - HOUR).toISOString()}, ${new Date(now - HOUR).toISOString()},
              ${`Message ${LONG_CONVERSATION_SIZE} of the long conversation`}, 0, ${start})
      returning id)
    insert into chat_messages (conversation_id, user_id, direction, type, text, status, author_name, created_at)
    select c.id, ${manager}, case when g % 2 = 0 then 'in' else 'out' end, 'text', 'Message ' || g || ' of the long conversation',
           case when g % 2 = 0 then null else 'read' end, case when g % 2 = 0 then '' else 'manager' end,
           ${start}::timestamptz + (g * ${step}) * interval '1 millisecond'
    from c, generate_series(1, ${LONG_CONVERSATION_SIZE}) g`);
}
