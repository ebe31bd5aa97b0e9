import { sql } from "drizzle-orm";
import type { ChatChannel } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../campaigns/dispatch-sql";

/** A business address of an account: where customers write to and the inbox answers from. */
export interface BusinessAddress {
  ownerId: string;
  channel: ChatChannel;
  /** WhatsApp: the phone number id; SMS: the reply number, else a sender id; RCS: the bot's id. */
  address: string;
  label: string;
}

// One query per channel, the same for "all of an account's" and "the owner of this one": the address rules live here.
const ADDRESSES = sql`
  select w.user_id as "ownerId", 'whatsapp' as channel, p.phone_number_id as address, p.display_phone_number || ' · ' || p.verified_name as label
    from waba_phone_numbers p join wabas w on w.id = p.waba_id
  union all
  select a.user_id, 'sms', a.reply_number, a.reply_number || ' · ' || a.name from sms_accounts a where a.reply_number is not null and a.reply_number <> ''
  union all
  select a.user_id, 'sms', s.sender, s.sender || ' · ' || a.name from sms_accounts a cross join lateral unnest(a.sender_ids) as s(sender)
  union all
  select b.user_id, 'rcs', b.id::text, b.name from rcs_bots b`;

/** Every business address of an account, for the simulated phone and the inbox's labels. */
export async function businessAddresses(db: Db, ownerId: string): Promise<BusinessAddress[]> {
  return rowsOf<BusinessAddress>(db, sql`select * from (${ADDRESSES}) a where a."ownerId" = ${ownerId} order by array_position(array['whatsapp','sms','rcs'], a.channel), label`);
}

/** Who owns each address customers wrote to, keyed `channel|address`; an address nobody here owns is absent. */
export async function ownersOfAddresses(db: Db, wanted: readonly { channel: ChatChannel; address: string }[]): Promise<Map<string, BusinessAddress>> {
  if (wanted.length === 0) return new Map();
  const rows = await rowsOf<BusinessAddress>(
    db,
    sql`select distinct on (a.channel, a.address) a.* from (${ADDRESSES}) a
        join unnest(${pgArray(wanted.map((w) => w.channel))}::text[], ${pgArray(wanted.map((w) => w.address))}::text[]) as v(channel, address)
          on a.channel = v.channel and a.address = v.address
        order by a.channel, a.address`,
  );
  return new Map(rows.map((row) => [`${row.channel}|${row.address}`, row]));
}
