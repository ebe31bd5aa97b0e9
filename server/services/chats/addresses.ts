import { sql } from "drizzle-orm";
import type { ChatChannel } from "../../../contract/domain/chats";
import { hot, type Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";

/** A business address of an account: where customers write to and the inbox answers from. */
export interface BusinessAddress {
  ownerId: string;
  channel: ChatChannel;
  /**
   * WhatsApp: the phone number id; SMS: the reply number (an SMS account's, or an HTTP provider channel's), else a
   * sender id; RCS: the bot's id.
   */
  address: string;
  label: string;
}

// One query per channel, the same for "all of an account's" and "the owner of this one": the address rules live here.
// `alias`: another name customers' messages may arrive addressed to. An RCS campaign is sent from its registered bot's
// provider id (create.ts), so the sandbox's phones answer a campaign there; the inbox knows the bot by our id.
const ADDRESSES = sql`
  select w.user_id as "ownerId", 'whatsapp' as channel, p.phone_number_id as address, p.display_phone_number || ' · ' || p.verified_name as label, null::text as alias
    from waba_phone_numbers p join wabas w on w.id = p.waba_id
  union all
  select a.user_id, 'sms', a.reply_number, a.reply_number || ' · ' || a.name, null from sms_accounts a where a.reply_number is not null and a.reply_number <> ''
  union all
  select a.user_id, 'sms', s.sender, s.sender || ' · ' || a.name, null from sms_accounts a cross join lateral unnest(a.sender_ids) as s(sender)
  union all
  select c.user_id, 'sms', c.settings->'inbound'->>'number', (c.settings->'inbound'->>'number') || ' · ' || c.name, null from carrier_channels c
    where c.channel = 'sms' and coalesce(c.settings->'inbound'->>'number', '') <> ''
  union all
  select b.user_id, 'rcs', b.id::text, b.name, b.provider_bot_id from rcs_bots b`;

/** Every business address of an account, for the simulated phone and the inbox's labels. */
export async function businessAddresses(db: Db, ownerId: string): Promise<BusinessAddress[]> {
  return rowsOf<BusinessAddress>(
    db,
    sql`select a."ownerId", a.channel, a.address, a.label from (${ADDRESSES}) a where a."ownerId" = ${ownerId}
        order by array_position(array['whatsapp','sms','rcs'], a.channel), label`,
  );
}

// The inbound path asks who owns an address, and the inbox for an account's labels, with every message; addresses
// change rarely (a number connected, an account renamed). Answers are kept a few seconds, per database (tests run
// several databases in one process, where the same sandbox address belongs to different accounts). An address
// nobody owns is never kept, so a number connected a moment ago is found at once.
const KEEP_MS = 5000;
interface Kept<T> {
  until: number;
  value: T;
}
const ownerCache = new WeakMap<Db, Map<string, Kept<BusinessAddress>>>();
const labelCache = new WeakMap<Db, Map<string, Kept<BusinessAddress[]>>>();
function cacheOf<T>(caches: WeakMap<Db, Map<string, Kept<T>>>, db: Db): Map<string, Kept<T>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}
const fresh = <T>(kept: Kept<T> | undefined, now: number): T | undefined =>
  kept && kept.until > now ? kept.value : undefined;

/** An account's addresses for labels (kept a few seconds); ownership checks use businessAddresses. */
export async function addressLabels(db: Db, ownerId: string): Promise<BusinessAddress[]> {
  const cache = cacheOf(labelCache, db);
  const now = Date.now();
  const hit = fresh(cache.get(ownerId), now);
  if (hit) return hit;
  const value = await businessAddresses(db, ownerId);
  cache.set(ownerId, { until: now + KEEP_MS, value });
  return value;
}

/**
 * Who owns each address customers wrote to, keyed `channel|address` as asked; the answer's `address` is the one the
 * inbox knows it by (an RCS bot's provider id answers with our id). An address nobody here owns is absent.
 */
export async function ownersOfAddresses(
  db: Db,
  wanted: readonly { channel: ChatChannel; address: string }[],
): Promise<Map<string, BusinessAddress>> {
  const cache = cacheOf(ownerCache, db);
  const now = Date.now();
  const found = new Map<string, BusinessAddress>();
  const missing = new Map<string, { channel: ChatChannel; address: string }>();
  for (const w of wanted) {
    const key = `${w.channel}|${w.address}`;
    const hit = fresh(cache.get(key), now);
    if (hit) found.set(key, hit);
    else missing.set(key, w);
  }
  if (missing.size === 0) return found;
  const asked = [...missing.values()];
  const rows = await rowsOf<BusinessAddress & { asked: string }>(
    db,
    hot(sql`select distinct on (v.channel, v.address) a."ownerId", a.channel, a.address, a.label, v.address as asked
        from (${ADDRESSES}) a
        join unnest(${pgArray(asked.map((w) => w.channel))}::text[], ${pgArray(asked.map((w) => w.address))}::text[]) as v(channel, address)
          on a.channel = v.channel and (a.address = v.address or a.alias = v.address)
        order by v.channel, v.address, (a.address = v.address) desc`),
  );
  for (const { asked: address, ...row } of rows) {
    const key = `${row.channel}|${address}`;
    found.set(key, row);
    cache.set(key, { until: now + KEEP_MS, value: row });
  }
  return found;
}
