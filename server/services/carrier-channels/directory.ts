// The router's view of the stored channels (server/carriers/router): which channel serves an address, and a channel
// with its secrets opened. One query per kind of address: a WABA's phone numbers and the WABA itself for WhatsApp, an
// SMS header claimed by an SMPP or HTTP channel (carrier_sms_senders) or a reply number such a channel received a
// customer's message at (carrier_sms_reply_numbers), an RCS bot claimed by a Google RBM channel
// (carrier_rcs_bots).
import { eq, sql } from "drizzle-orm";
import type { ChannelAddress, ChannelConnection, ChannelDirectory } from "../../carriers/router/channel-adapter";
import { hot, type Db } from "../../db/client";
import { carrierChannels } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { openCredentials } from "./credentials-crypto";
import type { HealthRecorder } from "./health";

type Route = { id: string; version: number };

function routeQuery(address: ChannelAddress) {
  // An SMS header claimed by an SMPP or HTTP channel (carrier_sms_senders), else a reply number one received a
  // customer's message at (carrier_sms_reply_numbers): the inbox answers through it. No account-level address.
  if (address.channel === "sms") {
    if (address.kind !== "sender") return null;
    return sql`select c.id, c.version from carrier_sms_senders s join carrier_channels c on c.id = s.channel_id where s.sender = ${address.value}
               union all
               select c.id, c.version from carrier_sms_reply_numbers r join carrier_channels c on c.id = r.channel_id where r.number = ${address.value}
               limit 1`;
  }
  // An RCS bot (our rcs_bots id, the sender of RCS campaigns and chats) claimed by a Google RBM channel.
  if (address.channel === "rcs") {
    if (address.kind !== "sender") return null;
    // Campaigns name a registered bot by its provider id, chats by ours: either finds the claim.
    return sql`select c.id, c.version from carrier_rcs_bots b join rcs_bots r on r.id = b.bot_id join carrier_channels c on c.id = b.channel_id
               where r.id::text = ${address.value} or r.provider_bot_id = ${address.value} limit 1`;
  }
  if (address.channel !== "whatsapp") return null;
  if (address.kind === "account") {
    return sql`select c.id, c.version from wabas w join carrier_channels c on c.id = w.channel_id where w.waba_id = ${address.value} limit 1`;
  }
  return sql`select c.id, c.version from waba_phone_numbers p join wabas w on w.id = p.waba_id join carrier_channels c on c.id = w.channel_id
             where p.phone_number_id = ${address.value} limit 1`;
}

export function createChannelDirectory(db: Db, key: Buffer, health: HealthRecorder): ChannelDirectory {
  return {
    channelOf: async (address) => {
      const query = routeQuery(address);
      if (!query) return null;
      // Asked for every sender a dispatcher sends from, every few seconds: planned once.
      const [row] = await rowsOf<Route>(db, hot(query));
      return row ?? null;
    },
    versionOf: async (id) => {
      const [row] = await db
        .select({ version: carrierChannels.version })
        .from(carrierChannels)
        .where(eq(carrierChannels.id, id));
      return row?.version ?? null;
    },
    load: async (id): Promise<ChannelConnection | null> => {
      const [row] = await db.select().from(carrierChannels).where(eq(carrierChannels.id, id));
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        provider: row.provider,
        channel: row.channel,
        version: row.version,
        status: row.status,
        statusReason: row.statusReason,
        settings: { ...row.settings },
        secrets: openCredentials(key, row.id, row.credentials),
        verifyToken: row.verifyToken,
      };
    },
    health: (id) => health.of(id),
  };
}
